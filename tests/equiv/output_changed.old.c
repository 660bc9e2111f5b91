// function: report
// expect: NOT EQUIVALENT
// output: external call 1 argument 1
// why: what a function prints is behaviour: the new version prints a different message when
// the value is negative (the return values agree).
#include <stdio.h>
int report(int v) { if (v < 0) printf("negative: %d\n", v); else printf("value: %d\n", v); return v; }
