/* Selection sort of N nondeterministic ints through a called function and a pointer: the
 * array lives in memory (its address is passed), the swap is a function of its own, and
 * every access goes through `v[i]` with a data-dependent index (issue: symbolic memory at
 * scale). Build with -DN=<n>; the unwind bound is N+1. Checked: every access is in bounds
 * and aligned; with -DCHECK_SORTED also that the result is sorted. */
#include <assert.h>
#ifndef N
#define N 35
#endif
static void swap(int *v, int i, int j) {
  int t = v[i];
  v[i] = v[j];
  v[j] = t;
}
static void sort(int *v, int n) {
  for (int i = 0; i < n - 1; i++) {
    int min = i;
    for (int j = i + 1; j < n; j++)
      if (v[j] < v[min])
        min = j;
    swap(v, i, min);
  }
}
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  sort(a, N);
#ifdef CHECK_SORTED
  for (int i = 0; i + 1 < N; i++)
    assert(a[i] <= a[i + 1]);
#endif
  return 0;
}
