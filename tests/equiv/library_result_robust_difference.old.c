// function: f
// flags: --timeout 60
// expect: NOT EQUIVALENT
// why: for 100 < x < 10^6 the old version returns 1 + sin(x) / 4, which lies in [0.75, 1.25] whatever
//   sin(x) is, and the new version returns x itself (> 100): every such input tells them apart,
//   although verdiff does not compute sin. The difference must be shown robust for every value
//   sin may have (interval arithmetic decides it; bit-blasting the multiplication and addition
//   over an unknown sine took the solver more than its 2 s, and the pair was UNKNOWN).
#include <math.h>
double f(double x) {
  if (x > 100.0 && x < 1e6)
    return 1.0 + 0.25 * sin(x);
  return x;
}
