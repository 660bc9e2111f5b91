// function: pass
// expect: NOT EQUIVALENT
// output: return value
// why: the new version maps NaN to 0.0.
double pass(double x) { return x; }
