// flags: --loop-invariant-check
// expect: FAILED assertion line 18
// expect: FAILED assertion line 22
// why: the invariant i <= n && s == i holds before the loop (i = s = 0) but is not kept: from
//   any state with s == i and i < n an iteration gives s + 2 != i + 1. The inductive step (an
//   arbitrary state meeting the invariant, one iteration, the invariant asserted again at the
//   loop head, line 18) fails. After the loop only the invariant and the exit condition are
//   known (i <= n, i >= n, s == i, so s == n), which does not give s == 2 * n for n > 0: the
//   assertion on line 22 fails as well. (The program itself is correct, s == 2 * n on exit;
//   an invariant that is not inductive proves nothing, and the failed step says which it is.)
#include <assert.h>
unsigned int nondet_uint(void);
int main(void) {
  unsigned int n = nondet_uint();
  unsigned int i = 0, s = 0;
  __ESBMC_assume(n <= 1000000);
  __ESBMC_loop_invariant(i <= n && s == i);
  while (i < n) {
    i++;
    s += 2;
  }
  assert(s == 2 * n);
  return 0;
}
