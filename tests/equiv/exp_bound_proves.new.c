#include <math.h>
double f(double x) {
  return x + 1.0;
}
