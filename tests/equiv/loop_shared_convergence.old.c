// function: f
// flags: --timeout 60
// expect: EQUIVALENT
// why: both versions run the same Newton iteration for the square root of a, from the same
//   start, counting its steps in n (how many depends on a: for a near 1e6 more than the bound
//   of 10), and return x + n; the new version only stores the sum in a local first. The loop
//   reads the same values (a, x = a, n = 0) in both, so it computes the same x and n (or runs
//   forever in both), and the results are the same term: equivalent for every input, not just
//   up to the bound. Unwinding the loop alone gives EQUIVALENT UP TO BOUND.
#include <math.h>
double f(double a) {
  if (!(a > 1.0 && a < 1e6))
    return -1.0;
  double x = a;
  int n = 0;
  while (fabs(x * x - a) > 1e-9 * a) {
    x = 0.5 * (x + a / x);
    n++;
  }
  return x + n;
}
