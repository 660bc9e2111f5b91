// flags: --overflow-check
// expect: FAILED overflow line 11
// why: both unsigned short operands are promoted to (signed) int before *, and
//   65535 * 65535 = 4294836225 > INT_MAX, so a * b on line 11 is a signed overflow although all
//   declared types are unsigned. The int -> unsigned int conversion is not a signed narrowing.
unsigned short nondet_ushort(void);

int main(void) {
  unsigned short a = nondet_ushort(), b = nondet_ushort();
  unsigned int r;
  r = a * b;
  return (int)(r & 1u);
}
