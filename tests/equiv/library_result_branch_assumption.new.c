#include <math.h>
double f(double x) {
  return 1.0;
}
