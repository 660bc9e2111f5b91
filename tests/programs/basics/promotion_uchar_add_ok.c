// expect: SUCCESSFUL
// why: a and b are promoted to int before +, so a + b is the int 300 (no wrap-around) and
//   a + b > 255 is true; only storing 300 into the unsigned char c wraps modulo 256, giving 44.
//   No division, no array, no pointer: the three assertions are the only claims and all hold.
#include <assert.h>

int main(void) {
  unsigned char a = 200, b = 100;
  int s = a + b;
  unsigned char c = a + b;
  assert(s == 300);
  assert(a + b > 255);
  assert(c == 44);
  return 0;
}
