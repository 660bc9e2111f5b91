// function: approx
// flags: --timeout 60
// expect: NOT EQUIVALENT
// output: return value
// why: the new version switches formulas at |x| < 1.75 instead of |x| < 3.75. For |x| in
//   [1.75, 3.75) the old version returns 1 + y * (3.5 + y * 0.25) with y = x * x >= 3.06, at
//   least 1 + 3.06 * 4.26 > 13, and the new one returns |x| * 2.0 + 1.0 <= 8.5: they differ on
//   the whole interval (e.g. x = 2: 19 against 5).
#include <math.h>
double approx(double x) {
  double ax = fabs(x);
  if (ax < 3.75) {
    double y = x * x;
    return 1.0 + y * (3.5 + y * 0.25);
  }
  return ax * 2.0 + 1.0;
}
