// expect: SUCCESSFUL
// why: members not named in a designated initialiser are zero-initialised (for locals too):
//   l = {a 0, b 'q', c {0,0,0}, d 2.5}; the global g = {a 3, b 0, c {0,5,0}, d 0.0}.
#include <assert.h>

struct cfg { int a; char b; int c[3]; double d; };

struct cfg g = {.c[1] = 5, .a = 3};

int main(void) {
  struct cfg l = {.d = 2.5, .b = 'q'};
  assert(l.a == 0 && l.b == 'q' && l.d == 2.5);
  assert(l.c[0] == 0 && l.c[2] == 0);
  assert(g.a == 3 && g.b == 0 && g.c[1] == 5);
  assert(g.c[0] == 0 && g.c[2] == 0 && g.d == 0.0);
  return 0;
}
