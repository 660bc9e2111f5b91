// expect: FAILED assertion line 10
// why: exp(NaN) is NaN (C11 F.10.3.1 via F.10p11), and NaN >= 0.0 is false, so the assertion
//   fails for x = NaN. That result is exact in verdiff's model (only finite non-zero arguments
//   give approximated results), so this is a proven counterexample, not an approximation.
#include <assert.h>
#include <math.h>

int main(void) {
  double x = __VERIFIER_nondet_double();
  assert(exp(x) >= 0.0);
  return 0;
}
