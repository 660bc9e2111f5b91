// flags: --no-library-accuracy
// expect: UNKNOWN approximately
// why: exp(x) for x in [1, 2] is at least e > 2, so the assertion really fails; but verdiff
//   models exp only approximately (a value of the right sign, equal for equal arguments), so
//   without the library-accuracy assumption (turned off here) it cannot prove that no choice of
//   the approximated value avoids the violation. It must not say SUCCESSFUL, and it has no
//   counterexample it may report either: UNKNOWN, naming exp. (math_accuracy_violation_fail.c
//   is the same program with the assumption.)
#include <assert.h>
#include <math.h>

int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 1.0 && x <= 2.0);
  assert(exp(x) < 2.0);
  return 0;
}
