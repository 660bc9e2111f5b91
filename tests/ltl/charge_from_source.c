// expect: FAILING
// why: the formula is the program's own LTL invariant annotation below (the paper's running example):
//   whenever the button is pressed, the charge eventually exceeds the minimum. The charge
//   grows by one per iteration from 0 and the minimum is 100, so within the bound (10
//   iterations) a press is pending at the end of every trace that pressed: stuttering on
//   it, the charge never exceeds the minimum (FAILING); charging further would satisfy it.
//@ ltl invariant charging: [](AP(pressed == 1) ==> <>AP(charge > min));
int __VERIFIER_nondet_int(void);
int pressed = 0;
int charge = 0;
int min = 100;
int main(void) {
  while (1) {
    if (__VERIFIER_nondet_int()) pressed = 1;
    if (pressed) charge = charge + 1;
  }
}
