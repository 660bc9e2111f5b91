#include <stdio.h>
int f(double x) {
    printf("%f\n", x + 0.0);
    return 0;
}
