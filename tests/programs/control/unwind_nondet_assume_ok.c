// flags: --unwind 6
// expect: SUCCESSFUL
// why: the loop bound n is nondeterministic but assumed <= 5, so the loop runs at most 5 times
//   and --unwind 6 covers it (unwinding claim holds). Each iteration adds 2, so s == 2 * n
//   (unsigned, no wrap for n <= 5).
#include <assert.h>

unsigned int nondet_uint(void);
void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int n = nondet_uint();
  __VERIFIER_assume(n <= 5);
  unsigned int i, s = 0;
  for (i = 0; i < n; i++) s += 2;
  assert(s == 2 * n);
  return 0;
}
