// expect: SUCCESSFUL
// why: every width here admits only numbers the object holds: "%9d" at most 999999999 <
//   INT_MAX, "%4hd" 9999 < 32767, "%8x" 0xffffffff = UINT_MAX, "%2hhu" 99 < 255, "%*30d" is
//   suppressed (read, stored nowhere), and "%d" without a width is assumed to fit (as ESBMC
//   assumes). The assertions only restate the result count.
#include <assert.h>
#include <stdio.h>

int main(void) {
  int a;
  short b;
  unsigned c;
  unsigned char d;
  int e;
  int r = scanf("%9d %4hd %8x %2hhu %*30d %d", &a, &b, &c, &d, &e);
  assert(r == -1 || (r >= 0 && r <= 5));
  return 0;
}
