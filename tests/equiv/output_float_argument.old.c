// function: f
// expect: NOT EQUIVALENT
// output: external call 1 argument 2
// why: the new version prints x + 0.0 instead of x. That is x for every x but -0.0, where
//   -0.0 + 0.0 is +0.0 (round to nearest): printf shows "-0.000000" in the old version and
//   "0.000000" in the new one. The logged calls compare the argument's bits. (A double
//   argument of an external call made verdiff panic before: the log took a float's width.)
#include <stdio.h>
int f(double x) {
    printf("%f\n", x);
    return 0;
}
