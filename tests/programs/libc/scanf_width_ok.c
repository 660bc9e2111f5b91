// expect: SUCCESSFUL
// why: "%7s" stores at most 7 characters and the terminator, which fit buf[8], so when it
//   matched (r == 2) strlen(buf) <= 7 (not >= 1: a NUL byte in the input is not white space
//   and is stored too). %hhd stores one byte into c; x's other bytes keep 0x11.
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[8];
  union { signed char c; int i; } x;
  x.i = 0x11111111;
  int r = scanf("%hhd %7s", &x.c, buf);
  assert(r == -1 || (r >= 0 && r <= 2));
  if (r == 2)
    assert(strlen(buf) <= 7);
  assert((x.i & 0x7fffff00) == 0x11111100);
  return 0;
}
