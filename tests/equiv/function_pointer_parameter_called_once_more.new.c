// function: apply
// expect: NOT EQUIVALENT
// why: see the old version.
int apply(int (*f)(int), int x) {
    if (f == 0) return -1;
    int r = f(x);
    if (x > 100) f(0);
    return r;
}
