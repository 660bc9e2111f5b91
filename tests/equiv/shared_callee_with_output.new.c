#include <stdio.h>
int steps(unsigned n) {
    int c = 0;
    while (n > 1) {
        if (n > 1000000u) {
            printf("big %u\n", n);
        }
        n = n % 2u ? 3u * n + 1u : n / 2u;
        c = c < 1000 ? c + 1 : c;
    }
    return c;
}
int f(unsigned a, int b) {
    if (b <= 0) {
        return steps(a);
    }
    return steps(a) / 2;
}
