// expect: SUCCESSFUL
// why: q points to the member s.y and r to s.x (both inside the live object s); ps points to s,
//   so ps->x and (*ps).y alias s.x and s.y. Values: y 7 -> 8, x 9.
#include <assert.h>

struct pt { int x; int y; };

int main(void) {
  struct pt s = {1, 2};
  int *q = &s.y;
  *q = 7;
  assert(s.y == 7 && s.x == 1);
  struct pt *ps = &s;
  ps->x = 9;
  assert(s.x == 9);
  (*ps).y += 1;
  assert(s.y == 8 && *q == 8);
  int *r = &ps->x;
  assert(*r == 9);
  return 0;
}
