// function: measure
// expect: EQUIVALENT
// why: both versions return -1 for a NULL `s` and leave `*count` alone for a NULL `count`
//   (the new one tests with `!` and an early return instead of a nested `if`); on any other
//   input both count up to 4 characters. Offering NULL for the parameters the code tests
//   must not make a refactoring differ.
int measure(const char *s, int *count) {
    int n = 0;
    if (s == 0) return -1;
    while (s[n] != 0 && n < 4) n++;
    if (count != 0) *count = n;
    return n;
}
