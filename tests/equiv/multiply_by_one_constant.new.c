#include <math.h>
double f(double v, double r, double a) {
  double t = fabs(a) * r / v;
  double d = t * v / r;
  return cos(a + d) * r - tan(d);
}
