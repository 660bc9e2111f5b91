// expect: SUCCESSFUL
// why: (Cordeiro's thesis, Fig. 3.7) p points to the global struct y; p->a[1] is index 1 of
//   int a[2] (in bounds) and p->b is a member, so the writes are valid and read back 1 and 'c'.
#include <assert.h>

struct x {
  int a[2];
  char b;
} y;

int main(void) {
  struct x *p;
  p = &y;
  p->a[1] = 1;
  p->b = 'c';
  assert(p->a[1] == 1);
  assert(p->b == 'c');
}
