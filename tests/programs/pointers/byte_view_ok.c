// expect: SUCCESSFUL
// why: an unsigned char pointer may inspect the bytes of any object; little endian stores
//   0x01020304 as 04 03 02 01. b[0..3] are inside the 4-byte object x; writing 0xFF to byte 0
//   changes the least significant byte: 0x010203FF.
#include <assert.h>

int main(void) {
  unsigned int x = 0x01020304u;
  unsigned char *b = (unsigned char *)&x;
  assert(b[0] == 4 && b[1] == 3 && b[2] == 2 && b[3] == 1);
  b[0] = 0xFF;
  assert(x == 0x010203FFu);
  return 0;
}
