// function: grows
// flags: --fwrapv
// expect: NOT EQUIVALENT
// output: return value
// why: with -fwrapv, INT_MAX + 1 wraps to INT_MIN, so grows(INT_MAX) is 0 in the old version
// and 1 in the new one.
int grows(int x) { return x + 1 > x; }
