#include <math.h>
double f(double x) {
  if (x > 100.0 && x < 1e6)
    return 1.0;
  return x;
}
