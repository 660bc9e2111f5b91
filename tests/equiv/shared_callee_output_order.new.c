#include <stdio.h>
int show(int v) {
    printf("%d\n", v);
    return v;
}
int f(int a, int b) {
    int y = show(b);
    int x = show(a);
    return (x > y) - (x < y);
}
