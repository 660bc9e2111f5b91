// expect: SUCCESSFUL
// why: unsigned arithmetic wraps modulo 2^32 and is no claim without --unsigned-overflow-check:
//   0 - 1 = UINT_MAX, UINT_MAX + 2 = 1, UINT_MAX * 2 = UINT_MAX - 1. Integer division truncates
//   toward zero and the remainder has the sign of the dividend: -7/2 = -3, -7%2 = -1,
//   7/-2 = -3, 7%-2 = 1. Divisors are nonzero constants.
#include <assert.h>
#include <limits.h>

int main(void) {
  unsigned int u = 0;
  u--;
  assert(u == UINT_MAX);
  u += 2;
  assert(u == 1);
  unsigned int big = UINT_MAX;
  assert(big * 2u == UINT_MAX - 1);
  int a = -7, b = 2, c = 7, e = -2;
  assert(a / b == -3);
  assert(a % b == -1);
  assert(c / e == -3);
  assert(c % e == 1);
  return 0;
}
