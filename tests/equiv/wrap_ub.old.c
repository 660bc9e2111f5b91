// function: grows
// expect: EQUIVALENT
// why: x + 1 > x is 1 for every x except INT_MAX, where x + 1 overflows: undefined behaviour in
// the old version, so that input is outside the comparison (compare wrap_fwrapv).
int grows(int x) { return x + 1 > x; }
