// function: theta
// flags: --timeout 60
// expect: NOT EQUIVALENT
// why: for x1 < 0 the old version returns atan(x2 / x1) / 6.28 + 0.5, the new one the same
//   minus 0.5. |atan| <= pi/2, so the first lies in [0.24, 0.76] and the second in
//   [-0.76, -0.24] whatever atan's exact value: every x1 < 0 with a number x2 tells them apart
//   (NaN only when x2 is NaN, where both are NaN). In the float abstraction x2 / x1 is an
//   unknown function, so the solver's candidate may pair a negative x1 with an atan result of
//   the wrong sign for the real quotient; atan's model then discards the replayed path. The
//   replay must then take the host's atan values (one value atan may have; the robustness
//   check covers every other) instead of reporting UNKNOWN after eight such candidates.
#include <math.h>
double theta(double x1, double x2) {
    if (x1 > 0.0) return atan(x2 / x1) / 6.28;
    else if (x1 < 0.0) return atan(x2 / x1) / 6.28 + 0.5;
    return 0.0;
}
