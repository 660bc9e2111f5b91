// function: f
// expect: UNKNOWN has type
// why: a parameter changed type; verdiff does not guess how to relate the inputs.
int f(int x) { return x; }
