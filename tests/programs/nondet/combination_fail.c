// expect: FAILED assertion line 13
// why: x and y are independent, each in 0..9; the single combination x == 3, y == 7 violates
//   the assertion on line 13. x + y <= 18 < 19, so line 14 holds.
int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 10);
  __VERIFIER_assume(y >= 0 && y < 10);
  __VERIFIER_assert(!(x == 3 && y == 7));
  __VERIFIER_assert(x + y < 19);
  return 0;
}
