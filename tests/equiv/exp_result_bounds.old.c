// function: f
// flags: --timeout 60
// expect: NOT EQUIVALENT
// why: for -1 <= x <= 1 the old version returns exp(x), the new one exp(x) + 3. They differ
//   unless exp(x) is NaN, infinite or at least 2^53 (where adding 3 is lost to rounding); exp
//   is increasing, so exp(x) lies in [1/e, e] here, and every such input tells them apart.
//   verdiff does not compute exp: the difference must hold for every value its model allows,
//   which takes the model's bounds by argument range (with the sign alone, a huge exp(x) would
//   avoid it and the pair was UNKNOWN).
#include <math.h>
double f(double x) {
  if (x >= -1.0 && x <= 1.0)
    return exp(x);
  return 0.0;
}
