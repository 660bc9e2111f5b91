// expect: SUCCESSFUL
// why: the same VLA, but i ranges over [0, n-1], inside the array; sizeof gives n * 4 bytes.
#include <assert.h>

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 4);
  int a[n];
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < n);
  a[i] = 2;
  assert(a[i] == 2);
  assert(sizeof a == (unsigned long)n * sizeof(int));
  return 0;
}
