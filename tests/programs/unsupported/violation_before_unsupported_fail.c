// expect: FAILED assertion line 9
// why: the assertion on line 9 fails for x == 0 before the unsupported construct is reached; a
//   real counterexample is reported even though a later part of the program is not modelled.
#include <assert.h>

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  assert(x > 0);
  __asm__ volatile("nop");
  return 0;
}
