// function: total
// expect: NOT EQUIVALENT
// why: see the old version.
int total(int (*weight)(int), int n) {
    if (weight == 0) return 0;
    return weight(n);
}
