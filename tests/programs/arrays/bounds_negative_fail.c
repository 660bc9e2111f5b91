// expect: FAILED array-bounds line 13
// why: the assume only bounds i from above (i < 4); i may be negative (e.g. -1), so the write
//   a[i] on line 13 violates the lower bound of int a[4].
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a[4] = {0};
  int i = nondet_int();
  __VERIFIER_assume(i < 4);
  a[i] = 1;
  return 0;
}
