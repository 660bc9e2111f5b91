// expect: SUCCESSFUL
// why: with the default little-endian layout, the first byte of 0x11223344 is 0x44 and the
//   last is 0x11; memcpy of a struct copies every byte.
#include <assert.h>
#include <string.h>

struct pair { int a; short b; };

int main(void) {
  unsigned x = 0x11223344u;
  unsigned char *b = (unsigned char *)&x;
  assert(b[0] == 0x44 && b[3] == 0x11);
  struct pair s = {1, 2}, t;
  memcpy(&t, &s, sizeof s);
  assert(t.a == 1 && t.b == 2);
  return 0;
}
