// function: measure
// expect: EQUIVALENT
// why: see the old version.
int measure(const char *s, int *count) {
    int n;
    if (!s) return -1;
    for (n = 0; n < 4 && s[n]; n++) {}
    if (!count) return n;
    *count = n;
    return n;
}
