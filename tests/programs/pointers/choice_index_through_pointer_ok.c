// flags: --unwind 7
// expect: SUCCESSFUL
// why: sort() finds the index of the minimum of v[i..n) (min takes only values i..n-1) and
//   swaps it to v[i] through a second function; every access v[k] has 0 <= k < n = 6 = the
//   size of a, and after the passes a is sorted. The array is in memory (its address is
//   passed), so reads and writes at the data-dependent index go through the byte memory.
#include <assert.h>
int nondet_int(void);
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
  int a[6];
  for (int i = 0; i < 6; i++)
    a[i] = nondet_int();
  sort(a, 6);
  for (int i = 0; i + 1 < 6; i++)
    assert(a[i] <= a[i + 1]);
  return 0;
}
