// expect: FAILED assertion line 16
// why: for i in [0, 20000000] the float conversion is exact only up to 2^24 = 16777216; e.g.
//   i = 16777217 converts to 16777216.0f, so back != i on line 16. All floats reached are
//   below 2^31, so (int)f is an in-range conversion.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int i = nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 20000000);
  float f = i;
  int back = (int)f;
  assert(back >= 0);
  assert(back == i);
  return 0;
}
