// function: series
// flags: --timeout 60
// expect: EQUIVALENT
// why: the loop runs until the term is negligible, at most 12 times (m is an int counter from
//   1 to 12), so a bound of 13 explores it completely. The new version inlines the temporary
//   t into the update of sum and names the constant 1.0; each iteration performs the same
//   operations on the same values, so the sums and the exits agree on every input.
#include <math.h>
double series(double x) {
  double sum = 1.0, term = 1.0, t;
  int m;
  for (m = 1; m <= 12; m++) {
    t = term * x / m;
    term = t;
    sum = sum + t;
    if (fabs(t) < 1e-12 * fabs(sum))
      break;
  }
  return sum;
}
