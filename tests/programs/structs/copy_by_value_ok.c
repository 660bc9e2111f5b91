// expect: SUCCESSFUL
// why: struct assignment copies every member, including the embedded array, so modifying y
//   afterwards leaves x unchanged: x.a[0] == 1, x.n == 3, while y.a[0] == 100 and y.a[1] == 2.
#include <assert.h>

struct s { int a[3]; int n; };

int main(void) {
  struct s x = {{1, 2, 3}, 3};
  struct s y = x;
  y.a[0] = 100;
  y.n = 0;
  assert(x.a[0] == 1 && x.n == 3);
  assert(y.a[1] == 2 && y.a[0] == 100 && y.n == 0);
  return 0;
}
