#include <math.h>
double series(double x) {
  double one = 1.0;
  double sum = one, term = one;
  int m;
  for (m = 1; m <= 12; m++) {
    term = term * x / m;
    sum = sum + term;
    if (fabs(term) < 1e-12 * fabs(sum))
      break;
  }
  return sum;
}
