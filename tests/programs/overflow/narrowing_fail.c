// flags: --overflow-check
// expect: FAILED overflow line 12
// why: x in 0..200, and the implicit conversion to signed char on line 12 cannot represent
//   128..200: narrowing-conversion overflow (e.g. x == 200).
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 200);
  signed char c;
  c = x;
  return c;
}
