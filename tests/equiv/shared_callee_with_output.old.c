// function: f
// expect: EQUIVALENT
// why: steps is the same in both versions and both call it once, with the same argument, on
//   every path (the new version only moves the call into each branch), then double or keep
//   the result the same way; so the output (what steps prints) and the result agree, for
//   every number of loop iterations. steps prints, so it is not pure: without logged shared
//   callees it is inlined twice and its loop (which prints, so it is not outlined either) is
//   cut at the bound: EQUIVALENT UP TO BOUND. Abstracted as one logged uninterpreted function
//   of (position in the call log, argument) nothing is cut: EQUIVALENT.
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
    int r = steps(a);
    if (b > 0) {
        return r / 2;
    }
    return r;
}
