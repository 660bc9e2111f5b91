// flags: --overflow-check
// expect: FAILED overflow line 13
// why: x is only assumed positive; x * x on line 13 overflows for x >= 46341
//   (46341^2 = 2147488281 > INT_MAX).
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x > 0);
  int y = x * x;
  return y;
}
