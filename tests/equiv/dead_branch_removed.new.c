#include <stdio.h>
#define DEBUG 0
double smooth(double a[8]) {
    double s = 0.0;
    for (int i = 0; i < 8; i++) {
        s = 0.75 * s + 0.25 * a[i];
        if (DEBUG) {
            printf("step %d: %f\n", i, s);
        }
    }
    return s;
}
