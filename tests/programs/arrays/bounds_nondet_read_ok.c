// expect: SUCCESSFUL
// why: the assume restricts i to 0..3, the valid indices of a[4], so the read is in bounds and
//   a[i] == 10 * (i + 1) by the initialiser.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a[4] = {10, 20, 30, 40};
  int i = nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  int x = a[i];
  assert(x == 10 * (i + 1));
  return 0;
}
