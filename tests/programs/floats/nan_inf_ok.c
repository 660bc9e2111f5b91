// expect: SUCCESSFUL
// why: z is 0.0 at run time; 0.0/0.0 is NaN, which compares unequal to everything including
//   itself and is unordered (<, >, >= all false). 1.0/0.0 is +infinity (larger than any finite
//   double), and inf - inf is NaN again. Floating division by zero is not a division-by-zero
//   claim (that claim is for integer division only).
#include <assert.h>

int main(void) {
  double z = 0.0;
  double n = z / z;
  assert(n != n);
  assert(!(n == n));
  assert(!(n < 1.0) && !(n > 1.0) && !(n >= n));
  double inf = 1.0 / z;
  assert(inf > 1.0e308);
  assert(-inf < -1.0e308);
  double m = inf - inf;
  assert(m != m);
  return 0;
}
