// function: hello
// expect: NOT EQUIVALENT
// output: undefined behaviour
// why: the old version overwrites b[2] for n > 3 and prints "abd", terminated; the new one
//   overwrites b[3], the terminator, so puts reads past the 4-byte array: undefined
//   behaviour the change introduced, a difference for every n > 3.
#include <stdio.h>
void hello(int n) { char b[4] = "abc"; if (n > 3) b[2] = 'd'; puts(b); }
