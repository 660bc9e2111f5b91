// expect: FAILED assertion line 10
// why: in double precision 0.1 + 0.2 rounds to 0.30000000000000004 which differs from the
//   double nearest to 0.3 by one ulp, so the equality on line 10 is false. Line 9 holds.
#include <assert.h>

int main(void) {
  double a = 0.1, b = 0.2;
  double s = a + b;
  assert(s > 0.29 && s < 0.31);
  assert(s == 0.3);
  return 0;
}
