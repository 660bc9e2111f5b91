// function: avg
// expect: EQUIVALENT
// why: only local variable names and formatting changed.
int avg(int a, int b) { long s = (long)a + b; int r = (int)(s / 2); return r; }
