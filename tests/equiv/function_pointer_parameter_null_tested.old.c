// function: total
// expect: NOT EQUIVALENT
// output: return value
// why: the code tests `weight` for NULL, so a caller may pass NULL: the old version then
//   returns -1 and the new one 0. The product must offer NULL among a function-pointer
//   parameter's values.
int total(int (*weight)(int), int n) {
    if (weight == 0) return -1;
    return weight(n);
}
