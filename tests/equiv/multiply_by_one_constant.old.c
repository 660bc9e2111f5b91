// function: f
// flags: --timeout 60
// expect: EQUIVALENT
// why: sign is 1.0 on every path, and 1.0 * t == t for every double t (NaN, infinities and
//   -0.0 included: multiplication by one is exact), so both versions compute the same
//   operations on the same values: t * v / r, and the cosine of the same argument.
#include <math.h>
double f(double v, double r, double a) {
  double sign = 1.0;
  double t = fabs(a) * r / v;
  double d = sign * t * v / r;
  return cos(a + d) * r - tan(d);
}
