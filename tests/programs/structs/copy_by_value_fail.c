// expect: FAILED assertion line 15
// why: y is a copy of x (the embedded array is copied too), so y.a[0] = 100 does not change
//   x.a[0], which stays 1: the assertion on line 15 fails. Line 14 holds.
#include <assert.h>

struct s { int a[3]; int n; };

int main(void) {
  struct s x = {{1, 2, 3}, 3};
  struct s y = x;
  y.a[0] = 100;
  int copied = y.a[2];
  assert(copied == 3);
  assert(y.a[0] == 100);
  assert(x.a[0] == 100);
  return 0;
}
