// function: measure
// expect: NOT EQUIVALENT
// why: see the old version.
int measure(const char *s, int *count) {
    int n = 0;
    if (s == 0) return 0;
    while (s[n] != 0 && n < 4) n++;
    if (count != 0) *count = n;
    return n;
}
