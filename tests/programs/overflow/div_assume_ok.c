// flags: --overflow-check
// expect: SUCCESSFUL
// why: b is neither 0 (no division by zero) nor -1 (no INT_MIN / -1 overflow); for |b| >= 2 the
//   quotient is smaller in magnitude than a, and for b == 1 it is a. So q == INT_MIN only when
//   a == INT_MIN and b == 1.
#include <assert.h>
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a = nondet_int(), b = nondet_int();
  __VERIFIER_assume(b != 0 && b != -1);
  int q = a / b;
  assert(q != INT_MIN || b == 1);
  return 0;
}
