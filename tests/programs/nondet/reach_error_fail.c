// expect: FAILED assertion line 12
// why: reach_error (declared, no body) marks an error location; it is reached for x in
//   101..104, e.g. x == 102, so the call on line 12 is a violated claim of kind assertion.
void reach_error(void);
int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 100 && x < 105) {
    y = 1;
    reach_error();
  }
  return y;
}
