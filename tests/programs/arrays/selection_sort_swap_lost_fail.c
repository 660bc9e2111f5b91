// flags: --unwind 7
// expect: FAILED assertion line 29
// why: the swap is written wrongly: a[min] = a[i] first, then t = a[min] is the old a[i]
//   again, so a[i] keeps its value and the minimum at a[min] is overwritten by a copy of
//   a[i]. With a = {1, 0, ...} the first pass makes a[1] = 1: the number of odd elements
//   goes from 1 to 2 and the final assertion fails. The write at the data-dependent index
//   min must reach every later read of a cell it may hit.
#include <assert.h>
int nondet_int(void);
int a[6];
int main(void) {
  for (int i = 0; i < 6; i++)
    a[i] = nondet_int();
  int sum = 0;
  for (int i = 0; i < 6; i++)
    sum += a[i] & 1;
  for (int i = 0; i < 5; i++) {
    int min = i;
    for (int j = i + 1; j < 6; j++)
      if (a[j] < a[min])
        min = j;
    a[min] = a[i];
    int t = a[min];
    a[i] = t;
  }
  int after = 0;
  for (int i = 0; i < 6; i++)
    after += a[i] & 1;
  assert(after == sum);
  return 0;
}
