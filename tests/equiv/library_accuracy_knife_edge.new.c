#include <math.h>
double f(double x) {
  return -x;
}
