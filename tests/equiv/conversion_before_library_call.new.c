#include <math.h>
static double lg(double a) {
  return -log(a) + 10.0;
}
double f(int a) {
  int k = (int)(a / 7.0);
  double d = (k & 1) ? 0.25 : 0.5;
  return lg(d);
}
