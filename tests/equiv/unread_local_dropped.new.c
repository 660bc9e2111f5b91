#include <math.h>
double scale(double x) {
    double v = x;
    for (int i = 0; i < 300; i++) {
        v = v * 0.5 + 1.0;
    }
    return v;
}
