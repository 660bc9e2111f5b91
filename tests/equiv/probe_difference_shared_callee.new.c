#include <math.h>
double sq(double a) { return a * a; }
double root(double x, double y) {
  double t = sq(x) + sq(y) + 1.0;
  double r = t;
  for (int i = 0; i < 10; i++)
    r = sqrt(r * 0.5 + t / r) + sq(r) * 1e-9;
  return r + 5.0;
}
