// expect: SUCCESSFUL
// why: the assume restricts x to [0, 10] (this excludes NaN and infinities; -0.0 is included and
//   harmless). Rounding is monotone, so x*x <= round(100) = 100 and x*x >= 0. x + 1 > x because
//   ulp(x) <= 2^-20 for x <= 10, far below 1.
#include <assert.h>

float nondet_float(void);
void __VERIFIER_assume(int cond);

int main(void) {
  float x = nondet_float();
  __VERIFIER_assume(x >= 0.0f && x <= 10.0f);
  float y = x * x;
  assert(y >= 0.0f && y <= 100.0f);
  assert(x + 1.0f > x);
  return 0;
}
