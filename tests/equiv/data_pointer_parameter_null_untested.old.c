// function: first
// expect: EQUIVALENT
// why: only the new version tests `s` for NULL, so the product offers NULL; there the old
//   version's read is undefined, and a comparison covers only inputs on which the old
//   version is defined. On every object both return its first byte. (Were the old version's
//   undefined behaviour counted as a difference, this would be NOT EQUIVALENT.)
int first(const char *s) {
    return s[0];
}
