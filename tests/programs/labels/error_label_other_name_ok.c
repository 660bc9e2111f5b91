// flags: --error-label ERROR
// expect: SUCCESSFUL
// why: the only label named exactly ERROR is in never_called, which main does not call; the
//   reachable labels ERROR_2 and error (lower case) are different names. The assertion holds
//   (x is set to 0 or 1 on the two branches).
#include <assert.h>

int nondet_int(void);

void never_called(void) {
ERROR: return;
}

int main(void) {
  int x = nondet_int();
  if (x > 0) {
ERROR_2: x = 0;
  } else {
error: x = 1;
  }
  assert(x == 0 || x == 1);
  return 0;
}
