// flags: --overflow-check
// expect: FAILED shift line 14
// why: n is assumed in 0..32; for n == 32 the distance equals the width of unsigned int, so
//   u >> n on line 14 has an invalid shift distance. A right shift of an unsigned value cannot
//   overflow, so the shift claim is the only one.
unsigned int nondet_uint(void);
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int u = nondet_uint();
  int n = nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 32);
  unsigned int r = u >> n;
  return (int)(r & 1u);
}
