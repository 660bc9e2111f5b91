// expect: SUCCESSFUL
// why: narrowing casts keep the low-order bits (modular, no --overflow-check):
//   (short)0x12345678 = 0x5678; (unsigned char)0x12345678 = 0x78; (short)0x12348765 has
//   low half 0x8765 = 34661 which as signed 16-bit is 34661 - 65536 = -30875;
//   (unsigned short)-1 = 65535; (int)0x100000005LL = 5. All assertions hold.
#include <assert.h>

int main(void) {
  int x = 0x12345678;
  short s = (short)x;
  assert(s == 0x5678);
  unsigned char b = (unsigned char)x;
  assert(b == 0x78);
  int y = 0x12348765;
  short t = (short)y;
  assert(t == -30875);
  unsigned short us = (unsigned short)-1;
  assert(us == 65535);
  long long big = 0x100000005LL;
  int lo = (int)big;
  assert(lo == 5);
  return 0;
}
