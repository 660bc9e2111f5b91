#include <math.h>
double approx(double x) {
  double ax = fabs(x);
  if (ax < 1.75) {
    double y = x * x;
    return 1.0 + y * (3.5 + y * 0.25);
  }
  return ax * 2.0 + 1.0;
}
