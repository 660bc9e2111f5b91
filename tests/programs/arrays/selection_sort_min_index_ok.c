// flags: --unwind 7
// expect: SUCCESSFUL
// why: min starts at i and only ever takes a value j with i < j < 6, so every a[min] is in
//   bounds, and after the sort each a[k] is the minimum of a[k..6) (the swap moves it there),
//   so the result is sorted. The index is a choice between constants that verdiff splits
//   reads and writes over; the proof must still cover every choice.
#include <assert.h>
int nondet_int(void);
int a[6];
int main(void) {
  for (int i = 0; i < 6; i++)
    a[i] = nondet_int();
  for (int i = 0; i < 5; i++) {
    int min = i;
    for (int j = i + 1; j < 6; j++)
      if (a[j] < a[min])
        min = j;
    int t = a[i];
    a[i] = a[min];
    a[min] = t;
  }
  for (int i = 0; i + 1 < 6; i++)
    assert(a[i] <= a[i + 1]);
  return 0;
}
