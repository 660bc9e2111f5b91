// function: report
// expect: EQUIVALENT
// why: both versions print the same text with the same value in the same order; only the code
// around the call was restructured.
#include <stdio.h>
int report(int v) { if (v < 0) { printf("negative: %d\n", v); return -v; } printf("value: %d\n", v); return v; }
