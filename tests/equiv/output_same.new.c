#include <stdio.h>
int report(int v) { int neg = v < 0; printf(neg ? "negative: %d\n" : "value: %d\n", v); return neg ? -v : v; }
