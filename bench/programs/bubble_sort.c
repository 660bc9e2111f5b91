/* Bubble sort of N nondeterministic ints (thesis Table 3.2, EUREKA.BubbleSort style).
 * Build with -DN=<n>; the unwind bound is N+1. Checked: every array access is in bounds and
 * the loops need no more than the bound; with -DCHECK_SORTED also that the result is sorted
 * (a much harder property for the solver: N=8 takes seconds, N=12 minutes). */
#include <assert.h>
#ifndef N
#define N 35
#endif
int a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N - 1 - i; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
#ifdef CHECK_SORTED
  for (int i = 0; i + 1 < N; i++)
    assert(a[i] <= a[i + 1]);
#endif
  return 0;
}
