// expect: FAILED assertion line 11
// why: plain char is signed, so a nondet char can be negative (e.g. -1): c >= 0 on line 11
//   fails. (c <= 127 on line 10 holds.)
#include <assert.h>

char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  assert(c <= 127);
  assert(c >= 0);
  return 0;
}
