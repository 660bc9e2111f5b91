// function: f
// flags: --timeout 60
// expect: EQUIVALENT
// why: for x <= 1, exp(x) <= e = 2.71828... < 2.72 (exp is increasing; glibc's result is
//   within an ulp), so the old version's test exp(x) > 2.72 never holds there and it returns
//   x + 1 like the new version; for x > 1 both return x + 1 as well. Neither loops.
#include <math.h>
double f(double x) {
  if (x <= 1.0 && exp(x) > 2.72)
    return 0.0;
  return x + 1.0;
}
