// expect: SUCCESSFUL
// why: no value satisfies both x > 5 and x < 3, so no execution passes the second assume and
//   every later claim (the out-of-range write a[x], the assert(0)) is vacuously true.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x > 5);
  __VERIFIER_assume(x < 3);
  int a[2];
  a[x] = 1;
  assert(0);
  return a[0];
}
