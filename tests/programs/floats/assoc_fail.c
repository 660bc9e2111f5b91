// expect: FAILED assertion line 14
// why: floating-point addition is not associative: (1e20 + -1e20) + 1 = 0 + 1 = 1, but
//   -1e20 + 1 rounds back to -1e20 (ulp of 1e20 is 16384), so 1e20 + (-1e20 + 1) = 0.
//   Lines 12 and 13 hold; l == r on line 14 fails.
#include <assert.h>

int main(void) {
  double a = 1.0e20, b = -1.0e20, c = 1.0;
  double l = (a + b) + c;
  double r = a + (b + c);
  int dummy = 0;
  assert(l == 1.0 && dummy == 0);
  assert(r == 0.0);
  assert(l == r);
  return 0;
}
