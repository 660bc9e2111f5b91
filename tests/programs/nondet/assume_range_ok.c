// expect: SUCCESSFUL
// why: the assume restricts x to 11..19, so the divisor x - 10 is in 1..9 (never 0) and
//   100 / (x - 10) lies between 100 / 9 = 11 and 100 / 1 = 100.
#include <assert.h>

int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 10 && x < 20);
  int y = 100 / (x - 10);
  assert(y >= 11 && y <= 100);
  return 0;
}
