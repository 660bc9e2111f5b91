// function: pass
// expect: EQUIVALENT
// why: NaN compares equal to NaN in verdiff's output comparison; every other value is returned
// unchanged by both versions.
double pass(double x) { return x; }
