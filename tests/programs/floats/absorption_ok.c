// expect: SUCCESSFUL
// why: for 0 < x < 1e6 the spacing of doubles near x is at most 2^-32, so x + 1.0 is rounded
//   to within half an ulp of the exact x + 1 and stays strictly greater than x.
#include <assert.h>

double nondet_double(void);
void __VERIFIER_assume(int cond);

int main(void) {
  double x = nondet_double();
  __VERIFIER_assume(x > 0.0 && x < 1.0e6);
  double y = x + 1.0;
  assert(y > x);
  return 0;
}
