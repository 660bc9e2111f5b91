#include <stdio.h>
int report(int v) { if (v < 0) printf("below zero: %d\n", v); else printf("value: %d\n", v); return v; }
