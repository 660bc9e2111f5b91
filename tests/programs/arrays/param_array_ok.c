// flags: --unwind 6
// expect: SUCCESSFUL
// why: an array parameter is a pointer to the caller's array; sum and fill access a[0..n-1] with
//   n == 4 == length of b, so every dereference is inside b. Loops run 4 times (< 6). sum of
//   {1,2,3,4} is 10; after fill every element is 7, and fill modifies the caller's array.
#include <assert.h>

int sum(int a[], int n) {
  int s = 0, i;
  for (i = 0; i < n; i++)
    s += a[i];
  return s;
}

void fill(int a[], int n, int v) {
  int i;
  for (i = 0; i < n; i++)
    a[i] = v;
}

int main(void) {
  int b[4] = {1, 2, 3, 4};
  assert(sum(b, 4) == 10);
  fill(b, 4, 7);
  assert(b[3] == 7);
  assert(sum(b, 4) == 28);
  return 0;
}
