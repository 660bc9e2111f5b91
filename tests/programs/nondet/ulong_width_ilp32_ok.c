// flags: --32
// expect: SUCCESSFUL
// why: with --32 (ILP32) unsigned long has 32 bits, so every value is <= 4294967295.
#include <assert.h>

unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  assert(x <= 4294967295UL);
  return 0;
}
