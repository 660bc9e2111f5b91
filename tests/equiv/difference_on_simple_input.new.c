#include <math.h>
double f(double x, double y, double z) {
  if (x < 0.0 || y < 0.0 || z < 0.0)
    return -999.9;
  double s = x, t = y, u = z;
  for (int i = 0; i < 40; i++) {
    s = sqrt(s * t + u) * 0.5 + t / (s + 1.0);
    t = t * 0.75 + s * u * 0.125;
    u = (u + s * t) / (1.0 + t * t) + sin(u) * 0.01;
  }
  return s + t * u;
}
