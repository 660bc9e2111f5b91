/* Selection sort of N nondeterministic ints (thesis Table 3.2, EUREKA.SelectionSort style).
 * Build with -DN=<n>; the unwind bound is N+1. The result must be sorted. */
#include <assert.h>
#ifndef N
#define N 35
#endif
int a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N - 1; i++) {
    int min = i;
    for (int j = i + 1; j < N; j++)
      if (a[j] < a[min])
        min = j;
    int t = a[i];
    a[i] = a[min];
    a[min] = t;
  }
  for (int i = 0; i + 1 < N; i++)
    assert(a[i] <= a[i + 1]);
  return 0;
}
