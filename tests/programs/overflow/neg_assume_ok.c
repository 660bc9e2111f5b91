// flags: --overflow-check
// expect: SUCCESSFUL
// why: with x > INT_MIN, -x is representable; y and x have opposite signs (or are both 0), so
//   y + x cannot overflow either, and it is 0.
#include <assert.h>
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x > INT_MIN);
  int y = -x;
  assert(y + x == 0);
  return 0;
}
