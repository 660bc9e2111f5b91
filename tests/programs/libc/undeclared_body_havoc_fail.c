// expect: FAILED assertion line 12
// why: fill() has no body and no model: verdiff assumes it may write anything through its
//   pointer argument and lists it as assumed, so buf[0] is no longer known to be 'x'.
#include <assert.h>

void fill(char *p, int n);

int main(void) {
  char buf[4] = "xyz";
  fill(buf, 4);
  char c = buf[0];
  assert(c == 'x');
  return 0;
}
