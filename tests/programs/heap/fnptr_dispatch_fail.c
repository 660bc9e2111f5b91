// expect: FAILED assertion line 13
// why: when c is 0, op points to sub and returns 2, so r == 8 does not hold: the call must
//   branch over both targets, not just the first one.
#include <assert.h>

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*op)(int, int) = c ? add : sub;
  int r = op(5, 3);
  assert(r == 8);
  return 0;
}
