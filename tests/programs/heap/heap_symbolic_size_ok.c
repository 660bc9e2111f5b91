// flags: --force-malloc-success --unwind 9
// expect: SUCCESSFUL
// why: every index written is in [0, n-1] for the object of n ints, n in [1, 8]; the loop runs
//   at most 8 times, so unwinding 9 proves the bound complete; p[n-1] was written last with n-1.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 8);
  int *p = malloc(n * sizeof(int));
  for (unsigned i = 0; i < n; i++)
    p[i] = (int)i;
  assert(p[n - 1] == (int)(n - 1));
  free(p);
  return 0;
}
