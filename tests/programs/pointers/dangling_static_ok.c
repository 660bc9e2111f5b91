// expect: SUCCESSFUL
// why: unlike an automatic local, a static local lives for the whole program, so returning its
//   address is fine: *q == 3. Its initialiser runs only once, so after *q = 9 the second call
//   returns the same address and the object still holds 9.
#include <assert.h>

int *f(void) {
  static int counter = 3;
  return &counter;
}

int main(void) {
  int *q = f();
  assert(*q == 3);
  *q = 9;
  int *r = f();
  assert(r == q && *r == 9);
  return 0;
}
