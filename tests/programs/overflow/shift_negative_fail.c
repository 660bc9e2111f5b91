// flags: --overflow-check
// expect: FAILED shift line 12
// why: n is assumed in -1..31; n == -1 is a negative shift distance for 1u << n on line 12.
//   The shifted operand is unsigned, so there is no signed-overflow claim (and unsigned wrap
//   is not checked without --unsigned-overflow-check).
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int n = nondet_int();
  __VERIFIER_assume(n >= -1 && n <= 31);
  unsigned int m = 1u << n;
  return (int)(m & 1u);
}
