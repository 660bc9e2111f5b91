// expect: FAILED pointer-bounds line 9
// why: "n=12345" needs 8 bytes with the terminator; buf has 4, so sprintf writes past its end.
#include <stdio.h>

int main(void) {
  char buf[4];
  int v = 12345;
  int r;
  r = sprintf(buf, "n=%d", v);
  return r;
}
