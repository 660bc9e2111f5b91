// expect: SUCCESSFUL
// why: sin has no exact model, but its result is a function of its argument: equal arguments
//   give equal results, so the two calls agree; fabs and sqrt are exact (sqrt(16) == 4).
#include <assert.h>
#include <math.h>

int main(void) {
  double x = __VERIFIER_nondet_double();
  double a = sin(x), b = sin(x);
  assert(a == b || a != a);
  assert(fabs(-2.5) == 2.5 && sqrt(16.0) == 4.0);
  return 0;
}
