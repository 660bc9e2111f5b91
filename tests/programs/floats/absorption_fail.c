// expect: FAILED assertion line 14
// why: x is only assumed positive; for x >= 2^53 (e.g. 1e17) the ulp of x is >= 2, so x + 1.0
//   rounds back to x (also for x == +infinity), and y > x on line 14 fails.
#include <assert.h>

double nondet_double(void);
void __VERIFIER_assume(int cond);

int main(void) {
  double x = nondet_double();
  __VERIFIER_assume(x > 0.0);
  double y = x + 1.0;
  assert(y >= x);
  assert(y > x);
  return 0;
}
