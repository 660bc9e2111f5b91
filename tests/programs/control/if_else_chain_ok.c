// expect: SUCCESSFUL
// why: exactly one branch of the if / else-if / else chain runs for every x, setting y to the
//   sign of x; the assertion states precisely that. No arithmetic that could trap.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int y;
  if (x > 0)
    y = 1;
  else if (x < 0)
    y = -1;
  else
    y = 0;
  assert((x > 0 && y == 1) || (x < 0 && y == -1) || (x == 0 && y == 0));
  return 0;
}
