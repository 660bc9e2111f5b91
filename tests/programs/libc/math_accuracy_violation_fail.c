// expect: FAILED assertion line 14
// why: exp(x) for x in [1, 2] is at least e = 2.718... > 2, so the assertion fails for every
//   such x. verdiff's model of exp alone allows results below 2 (math_approx_violation_unknown.c
//   says UNKNOWN with --no-library-accuracy), but every real libm returns exp(x) within far less
//   than a relative 2^-40 of the host's value, so under the library-accuracy assumption (on by
//   default, stated with the counterexample) the violation holds for every result it allows:
//   FAILED. The reported trace is the replay with the host's exp.
#include <assert.h>
#include <math.h>

int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 1.0 && x <= 2.0);
  assert(exp(x) < 2.0);
  return 0;
}
