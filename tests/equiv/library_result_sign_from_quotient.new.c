#include <math.h>
double theta(double x1, double x2) {
    if (x1 > 0.0) return atan(x2 / x1) / 6.28;
    else if (x1 < 0.0) return atan(x2 / x1) / 6.28 - 0.5;
    return 0.0;
}
