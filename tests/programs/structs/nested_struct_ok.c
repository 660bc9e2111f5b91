// expect: SUCCESSFUL
// why: nested brace initialisation fills tl = {1,2}, br = {5,8}, id = 7; member access through
//   two levels gives width 4 and height 6; after tl.y = 0 the height is 8.
#include <assert.h>

struct point { int x, y; };
struct rect { struct point tl, br; int id; };

int main(void) {
  struct rect r = {{1, 2}, {5, 8}, 7};
  int w = r.br.x - r.tl.x;
  int h = r.br.y - r.tl.y;
  assert(w == 4 && h == 6 && r.id == 7);
  r.tl.y = 0;
  assert(r.br.y - r.tl.y == 8);
  return 0;
}
