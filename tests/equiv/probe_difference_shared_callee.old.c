// function: root
// expect: NOT EQUIVALENT
// why: the new version returns the old result plus 5.0. For x = y = 0 (a probe's input),
//   t = 1.0, and each iteration maps r in [1, 2] into [1, 2] (0.5 r + 1 / r <= 1.5, its
//   square root < 1.23, plus at most 4e-9), so the result is finite (about 1.197) and the new
//   one is 5.0 more (a finite sum that large changes by 5.0). No library function is
//   approximated (sqrt is computed exactly), so the probe's own run is the counterexample.
//   sq is a shared callee: an uninterpreted function in the formula, so the probe's values
//   do not fold it to constants (the exact probe check is skipped for such formulas). The
//   build before this path answered NOT EQUIVALENT too (through the solver, 1.9 s): the test
//   guards the path, it does not show a gain.
#include <math.h>
double sq(double a) { return a * a; }
double root(double x, double y) {
  double t = sq(x) + sq(y) + 1.0;
  double r = t;
  for (int i = 0; i < 10; i++)
    r = sqrt(r * 0.5 + t / r) + sq(r) * 1e-9;
  return r;
}
