// formula: G {x != 1}
// expect: SUCCEEDING
// why: the program calls __VERIFIER_ltl_step(), so the monitor samples only there (and at
//   the start): the letters are x == 0, x == 2, x == 3. x is 1 between two samples, which
//   the property does not see: no violation, SUCCEEDING. Without the step calls
//   (step_every_update.c) the same code is BAD.
void __VERIFIER_ltl_step(void);
int x = 0;
int main(void) {
  x = 1;
  x = 2;
  __VERIFIER_ltl_step();
  x = 3;
  __VERIFIER_ltl_step();
  return 0;
}
