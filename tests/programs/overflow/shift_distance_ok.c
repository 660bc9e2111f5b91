// flags: --overflow-check
// expect: SUCCESSFUL
// why: n in 0..31 is a valid distance for 32-bit unsigned shifts; u >> n <= u; 1u << n is a
//   power of two, never 0 for n <= 31 (unsigned, so 1u << 31 is fine without
//   --unsigned-overflow-check; it does not even wrap).
#include <assert.h>

unsigned int nondet_uint(void);
int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int u = nondet_uint();
  int n = nondet_int();
  __VERIFIER_assume(n >= 0 && n < 32);
  unsigned int r = u >> n;
  assert(r <= u);
  unsigned int m = 1u << n;
  assert(m != 0u);
  return 0;
}
