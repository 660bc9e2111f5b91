// flags: --overflow-check
// expect: SUCCESSFUL
// why: |x| <= 46340 so x * x <= 2147395600 < INT_MAX: no overflow, and a square is >= 0.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= -46340 && x <= 46340);
  int y = x * x;
  assert(y >= 0);
  return 0;
}
