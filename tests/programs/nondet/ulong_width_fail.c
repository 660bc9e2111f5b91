// expect: FAILED assertion line 10
// why: in the default LP64 model unsigned long has 64 bits, so a nondet unsigned long can be
//   2^32 or more and the assertion on line 10 fails (it holds with --32, see ulong_width_ilp32_ok.c).
#include <assert.h>

unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  assert(x <= 4294967295UL);
  return 0;
}
