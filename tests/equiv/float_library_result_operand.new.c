#include <math.h>
double shape(double x) {
  double tmp = x + 5.5;
  tmp -= (x + 0.5) * log(tmp);
  return -tmp;
}
double lgam(int n) {
  int k = 3;
  if (n > 32)
    return exp(shape(n + 1.0));
  return 1.0;
}
