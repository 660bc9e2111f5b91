// expect: SUCCESSFUL
// why: op points to add or sub depending on a nondet choice; each branch satisfies its
//   assertion, so the call through the pointer is checked for both possible targets.
#include <assert.h>

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*op)(int, int) = c ? add : sub;
  int r = op(5, 3);
  assert(c ? r == 8 : r == 2);
  return 0;
}
