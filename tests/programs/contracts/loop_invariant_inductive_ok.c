// flags: --loop-invariant-check
// expect: SUCCESSFUL
// why: the invariant i <= n && s == 2 * i holds before the loop (0 <= n, 0 == 0) and is kept
//   by every iteration (i < n gives i + 1 <= n; s + 2 == 2 * (i + 1), also modulo 2^32). On
//   exit i >= n, so i == n and s == 2 * n: the assertion holds for every n up to 10^6. The
//   invariant replaces the unwinding, so this is a proof for every trip count, which no bound
//   could give (the loop runs up to a million times).
#include <assert.h>
unsigned int nondet_uint(void);
int main(void) {
  unsigned int n = nondet_uint();
  unsigned int i = 0, s = 0;
  __ESBMC_assume(n <= 1000000);
  __ESBMC_loop_invariant(i <= n && s == 2 * i);
  while (i < n) {
    i++;
    s += 2;
  }
  assert(s == 2 * n);
  return 0;
}
