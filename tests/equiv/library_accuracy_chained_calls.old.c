// function: f
// expect: NOT EQUIVALENT
// output: return value
// why: for 0.5 < x < 2, sin(x) lies in (0.479, 1] and the cosine of that in [0.54, 0.888], above
//   0.5, so the old version returns 1.0 where the new one returns 0.0 (x = 1: cos(sin(1)) is
//   about 0.666). Showing it needs the accuracy assumption twice: sin(1.0) near the host's value,
//   and then cos on an argument that is itself a library result, so only known to lie in a
//   small interval: the cosine over that interval (src/smt/libm.rs range_over). The build that
//   bounded only calls on constant arguments answered UNKNOWN here.
#include <math.h>
double f(double x) {
  if (x > 0.5 && x < 2.0) {
    double c = cos(sin(x));
    if (c > 0.5)
      return 1.0;
  }
  return 0.0;
}
