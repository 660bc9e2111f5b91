// flags: --overflow-check
// expect: FAILED overflow line 12
// why: x in 0..1000 and the shift distance 24 is valid (< 32), but x << 24 overflows int as
//   soon as x >= 128 (128 << 24 == 2^31 > INT_MAX): signed left-shift overflow on line 12.
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 1000);
  int y;
  y = x << 24;
  return y;
}
