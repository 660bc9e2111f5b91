// flags: --unwind 6
// expect: FAILED pointer-bounds line 12
// why: the parameter a is a pointer (int a[] decays to int *), so a[i] is a dereference of
//   a + i, not an array index: with i <= n the loop writes a[4] on line 12, one past the end
//   of the caller's int b[4], which is a pointer-bounds violation (not array-bounds). The loop
//   runs 5 times (< --unwind 6). The indices 0..3 used in main are in bounds.
#include <assert.h>

void clear(int a[], int n) {
  int i;
  for (i = 0; i <= n; i++)
    a[i] = 0;
}

int main(void) {
  int b[4] = {1, 2, 3, 4};
  int first = b[0];
  clear(b, 4);
  return first;
}
