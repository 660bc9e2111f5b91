// function: first
// expect: EQUIVALENT
// why: see the old version.
int first(const char *s) {
    if (s == 0) return 0;
    return s[0];
}
