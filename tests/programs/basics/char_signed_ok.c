// expect: SUCCESSFUL
// why: plain char is signed 8-bit, so (char)200 is 200 - 256 = -56 (modular conversion, no
//   --overflow-check); converting -56 back to unsigned char gives 200; (signed char)0x80 is -128.
//   Only assertions are present and they all hold.
#include <assert.h>

int main(void) {
  char c = (char)200;
  assert(c < 0);
  assert(c == -56);
  int i = c;
  assert(i == -56);
  unsigned char u = (unsigned char)c;
  assert(u == 200);
  signed char m = (signed char)0x80;
  assert(m == -128);
  return 0;
}
