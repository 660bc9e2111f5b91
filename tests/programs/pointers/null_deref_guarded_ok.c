// expect: SUCCESSFUL
// why: the dereferences happen only under p != 0 (the if and the && short-circuit), where
//   p == &x; so no pointer claim fails and y is 0 or 5.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = 5;
  int *p = 0;
  if (nondet_int())
    p = &x;
  int y = 0;
  if (p != 0)
    y = *p;
  assert(y == 0 || y == 5);
  assert(p == 0 || *p == 5);
  return 0;
}
