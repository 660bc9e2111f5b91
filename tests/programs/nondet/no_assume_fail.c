// expect: FAILED division-by-zero line 12
// expect: FAILED assertion line 13
// why: the same program as assume_range_ok.c without the assume: x == 10 makes the divisor
//   x - 10 zero (division-by-zero on line 12), and e.g. x == 5 gives y = 100 / -5 = -20, which
//   violates the assertion on line 13 (so it fails independently of the x == 10 path).
#include <assert.h>

int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 100 / (x - 10);
  assert(y >= 11 && y <= 100);
  return 0;
}
