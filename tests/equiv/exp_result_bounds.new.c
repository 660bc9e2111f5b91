#include <math.h>
double f(double x) {
  if (x >= -1.0 && x <= 1.0)
    return exp(x) + 3.0;
  return 0.0;
}
