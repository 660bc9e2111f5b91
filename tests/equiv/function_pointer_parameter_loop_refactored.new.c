// function: each
// expect: EQUIVALENT
// why: see the old version.
void each(const int *a, int n, void (*visit)(int)) {
    int i;
    for (i = 0; i < 4; i++) {
        if (i >= n) break;
        visit(a[i]);
    }
}
