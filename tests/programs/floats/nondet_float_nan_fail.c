// expect: FAILED assertion line 12
// why: without an assume x can be NaN, and then y = NaN * NaN is NaN and y >= 0 is false
//   (line 12). Every non-NaN x (including +-inf) gives y >= 0, so NaN is the only counterexample.
#include <assert.h>

float nondet_float(void);

int main(void) {
  float x = nondet_float();
  float y = x * x;
  int sq_nonneg = 1;
  assert(y >= 0.0f && sq_nonneg);
  return 0;
}
