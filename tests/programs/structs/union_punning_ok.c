// expect: SUCCESSFUL
// why: members of a union share storage from offset 0; little endian stores 0x11223344 as
//   bytes 44 33 22 11, i.e. halves 0x3344 (low) and 0x1122 (high). Writing byte 3 changes the
//   most significant byte: 0xAA223344.
#include <assert.h>

union w {
  unsigned int u;
  unsigned char b[4];
  unsigned short h[2];
};

int main(void) {
  union w v;
  v.u = 0x11223344u;
  assert(v.b[0] == 0x44 && v.b[1] == 0x33 && v.b[2] == 0x22 && v.b[3] == 0x11);
  assert(v.h[0] == 0x3344 && v.h[1] == 0x1122);
  v.b[3] = 0xAA;
  assert(v.u == 0xAA223344u);
  return 0;
}
