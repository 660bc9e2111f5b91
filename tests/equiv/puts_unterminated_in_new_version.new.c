// function: hello
// expect: NOT EQUIVALENT
// why: see the old version.
#include <stdio.h>
void hello(int n) { char b[4] = "abc"; if (n > 3) b[3] = 'd'; puts(b); }
