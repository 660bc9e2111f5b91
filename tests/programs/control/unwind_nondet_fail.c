// flags: --unwind 4
// expect: FAILED unwinding line 16
// why: n may be as large as 8 (assume n <= 8), so the loop on line 16 may need 8 iterations but
//   --unwind 4 allows only 4: the unwinding assertion fails (e.g. n == 8). On every execution
//   that finishes within the bound (n <= 4) s == 2 * n, so the assertion on line 17 holds.
#include <assert.h>

unsigned int nondet_uint(void);
void __VERIFIER_assume(int cond);

int main(void) {
  unsigned int n = nondet_uint();
  __VERIFIER_assume(n <= 8);
  unsigned int i;
  unsigned int s = 0;
  for (i = 0; i < n; i++) s += 2;
  assert(s == 2 * n);
  return 0;
}
