// flags: --overflow-check
// expect: SUCCESSFUL
// why: casting one operand to unsigned int makes the product unsigned (no signed-overflow
//   claim; the maximum 65535^2 = 4294836225 does not even wrap). a + b is an int sum of at most
//   131070 and unsigned char products are at most 255 * 255 = 65025: no overflow.
#include <assert.h>

unsigned short nondet_ushort(void);
unsigned char nondet_uchar(void);

int main(void) {
  unsigned short a = nondet_ushort(), b = nondet_ushort();
  unsigned int r = (unsigned int)a * b;
  assert(r <= 4294836225u);
  int s = a + b;
  assert(s <= 131070);
  unsigned char c = nondet_uchar(), d = nondet_uchar();
  int p = c * d;
  assert(p <= 65025);
  return 0;
}
