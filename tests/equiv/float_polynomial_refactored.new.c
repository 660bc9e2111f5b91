#include <math.h>
double approx(double x) {
  double magnitude = fabs(x);
  if (-magnitude > -8.0) {
    return (57568490574.0 + (x * x) * (-13362590354.0 + (x * x) * (651619640.7 + (x * x) * (-11214424.18 + (x * x) * 77392.33017))))
         / (57568490411.0 + (x * x) * (1029532985.0 + (x * x) * (9494680.718 + (x * x) * (59272.64853 + (x * x) * 267.8532712))));
  }
  double y = 64.0 / (magnitude * magnitude);
  return 1.0 + y * (-0.1098628627e-2 + y * (0.2734510407e-4 + y * -0.2073370639e-5));
}
