// function: f
// expect: NOT EQUIVALENT
// why: the old version keeps a + b in t, then sets a to 0 and returns t + a, i.e. a + b; the
//   new one returns b. For a = 1, b = 0: 1 against 0. t is read two statements after it is
//   set, after a store to a: substituting a + b for it there would read the new a and make the
//   two versions the same text, a wrong EQUIVALENT.
int f(int a, int b) {
    if (a > 1000 || a < -1000 || b > 1000 || b < -1000) {
        return 0;
    }
    int t = a + b;
    a = 0;
    return t + a;
}
