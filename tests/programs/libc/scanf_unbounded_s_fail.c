// expect: FAILED pointer-bounds line 9
// why: "%s" without a field width stores as many non-white-space characters as the input has,
//   plus a terminator; input is arbitrary, so 8 or more characters overflow buf[8].
#include <stdio.h>

int main(void) {
  char buf[8];
  int r;
  r = scanf("%s", buf);
  return r;
}
