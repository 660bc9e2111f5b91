// expect: SUCCESSFUL
// why: (Cordeiro's thesis, Fig. 5.8) shift-and-add multiplication: for each set bit i of b
//   (i = 0..7, covering all bits of an unsigned char) a << i is added, so result == a * b.
//   a << i is computed in int and is at most 255 << 7 = 32640; a * b <= 65025; result (unsigned)
//   never wraps. The loop has the constant bound 8 and is unwound completely; shift distances
//   are 0..7, and no --overflow-check is given anyway.
#include <assert.h>

unsigned char nondet_uchar(void);

int main() {
  unsigned char a, b;
  unsigned int result = 0, i;
  a = nondet_uchar();
  b = nondet_uchar();
  for (i = 0; i < 8; i++)
    if ((b >> i) & 1)
      result += (a << i);
  assert(result == a * b);
}
