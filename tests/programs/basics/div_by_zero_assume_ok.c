// expect: SUCCESSFUL
// why: the assume excludes d == 0, so neither 10 / d nor 10 % d can divide by zero. For d != 0
//   C guarantees (10 / d) * d + 10 % d == 10, and |10 / d| <= 10.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int d = nondet_int();
  __VERIFIER_assume(d != 0);
  int q = 10 / d;
  int r = 10 % d;
  assert(q * d + r == 10);
  assert(q >= -10 && q <= 10);
  return 0;
}
