#include <math.h>
double f(double a) {
  if (!(a > 1.0 && a < 1e6))
    return -1.0;
  double x = a;
  int n = 0;
  while (fabs(x * x - a) > 1e-9 * a) {
    x = 0.5 * (x + a / x);
    n++;
  }
  double r = x + n;
  return r;
}
