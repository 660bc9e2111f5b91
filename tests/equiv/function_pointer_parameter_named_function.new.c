// function: apply
// expect: NOT EQUIVALENT
// why: see the old version.
int twice(int x) { return 2 * x; }
int apply(int (*f)(int), int x) {
    if (f == 0) return -1;
    return f(x) ^ f(x + 2);
}
int use(void) { return apply(twice, 3); }
