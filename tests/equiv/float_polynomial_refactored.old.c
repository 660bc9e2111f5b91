// function: approx
// flags: --timeout 60
// expect: EQUIVALENT
// why: the new version renames ax, inlines the temporaries y and num, and tests -ax > -8.0
//   instead of ax < 8.0. Negation is exact, so -ax > -8.0 and ax < 8.0 agree on every double
//   (NaN: both false). Every arithmetic operation is the same operation on the same operands
//   in the same order, so both versions round identically. (Bit-blasting the two rational
//   polynomials takes Z3 minutes; with float arithmetic abstracted the proof needs none of it.)
#include <math.h>
double approx(double x) {
  double ax = fabs(x);
  double y, num, den;
  if (ax < 8.0) {
    y = x * x;
    num = 57568490574.0 + y * (-13362590354.0 + y * (651619640.7 + y * (-11214424.18 + y * 77392.33017)));
    den = 57568490411.0 + y * (1029532985.0 + y * (9494680.718 + y * (59272.64853 + y * 267.8532712)));
    return num / den;
  }
  y = 64.0 / (ax * ax);
  return 1.0 + y * (-0.1098628627e-2 + y * (0.2734510407e-4 + y * -0.2073370639e-5));
}
