// flags: --error-label ERROR
// expect: SUCCESSFUL
// why: the assume makes x >= 0, so the branch containing ERROR (x < 0) is never taken and the
//   error label is unreachable.
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= 0);
  int r = 0;
  if (x < 0) {
    r = 1;
ERROR: return r;
  }
  return 0;
}
