// function: read_twice
// expect: EQUIVALENT
// why: the same calls with the same arguments in the same order give the same results.
int sensor(int channel);
int read_twice(int c) { int a = sensor(c); int b = sensor(c + 1); return a + b; }
