// expect: SUCCESSFUL
// why: the assume x <= 100 makes the condition x > 100 && x < 105 unsatisfiable, so the
//   reach_error call is unreachable.
void reach_error(void);
int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x <= 100);
  int y = 0;
  if (x > 100 && x < 105) {
    y = 1;
    reach_error();
  }
  return y;
}
