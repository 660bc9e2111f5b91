// flags: --unwind 10
// expect: SUCCESSFUL
// why: n is assumed in 0..5, so fact recurses at most 5 levels (< --unwind 10: no unwinding
//   claim fails). fact(0..5) = 1, 1, 2, 6, 24, 120, each >= n and <= 120; fact(5) == 120.
//   No --overflow-check, and the products are tiny anyway.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int main(void) {
  assert(fact(5) == 120);
  int n = nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 5);
  int r = fact(n);
  assert(r >= n && r <= 120);
  return 0;
}
