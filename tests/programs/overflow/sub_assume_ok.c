// flags: --overflow-check
// expect: SUCCESSFUL
// why: b in 0..10 and a >= INT_MIN + 10, so a - b >= INT_MIN and <= INT_MAX: no overflow.
//   INT_MIN + 10 is a constant expression that does not overflow. d <= a since b >= 0.
#include <assert.h>
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a = nondet_int(), b = nondet_int();
  __VERIFIER_assume(b >= 0 && b <= 10);
  __VERIFIER_assume(a >= INT_MIN + 10);
  int d = a - b;
  assert(d <= a);
  return 0;
}
