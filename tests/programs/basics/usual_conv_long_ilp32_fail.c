// flags: --32
// expect: FAILED assertion line 14
// why: with --32 (ILP32) long and unsigned int both have 32 bits, so long cannot represent all
//   unsigned int values and both operands of l < u are converted to unsigned long: l becomes
//   ULONG_MAX = 4294967295 and the comparison is false (line 14). long long is still 64 bits,
//   so the assertion on line 13 holds. Same program without --32: see usual_conv_long_lp64_ok.c.
#include <assert.h>

int main(void) {
  long l = -1;
  long long ll = -1;
  unsigned int u = 1;
  assert(ll < u);
  assert(l < u);
  return 0;
}
