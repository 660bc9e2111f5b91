// expect: SUCCESSFUL
// why: nondet values range over their type only: unsigned char 0..255, char (signed) -128..127,
//   unsigned short 0..65535, short -32768..32767. Widening to int preserves the value.
#include <assert.h>

unsigned char __VERIFIER_nondet_uchar(void);
char __VERIFIER_nondet_char(void);
unsigned short nondet_ushort(void);
short nondet_short(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int i = c;
  assert(i >= 0 && i <= 255);
  char s = __VERIFIER_nondet_char();
  int j = s;
  assert(j >= -128 && j <= 127);
  unsigned short us = nondet_ushort();
  int k = us;
  assert(k >= 0 && k <= 65535);
  short sh = nondet_short();
  int l = sh;
  assert(l >= -32768 && l <= 32767);
  return 0;
}
