// expect: FAILED assertion line 12
// why: n = 0.0/0.0 is NaN (z is computed at run time, no nondet), and NaN == NaN is false, so
//   the reflexivity assertion on line 12 fails. Line 11 holds. Floating division by zero is not
//   a division-by-zero claim.
#include <assert.h>

int main(void) {
  double z = 0.0;
  double one = z + 1.0;
  double n = z / z;
  assert(one == 1.0);
  assert(n == n);
  return 0;
}
