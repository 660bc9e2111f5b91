// expect: FAILED assertion line 16
// why: on a little-endian target byte 0 of 0x11223344 is the least significant byte 0x44, so
//   line 15 holds and the big-endian expectation v.b[0] == 0x11 on line 16 fails.
#include <assert.h>

union w {
  unsigned int u;
  unsigned char b[4];
};

int main(void) {
  union w v;
  v.u = 0x11223344u;
  unsigned char low = v.b[0];
  assert(low == 0x44);
  assert(v.b[0] == 0x11);
  return 0;
}
