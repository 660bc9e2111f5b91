// flags: --unwind 7
// expect: SUCCESSFUL
// why: p = &a[2]; p + 1 is &a[3] and p - 2 is &a[0] (inside a); after p++ it points to a[3].
//   q = a + 5 is the one-past-the-end pointer, never dereferenced; q - p == 2 and p < q.
//   The pointer loop visits a[0..4] (5 iterations < --unwind 7) and sums 0+1+2+30+4 = 37.
#include <assert.h>

int main(void) {
  int a[5] = {0, 1, 2, 3, 4};
  int *p = &a[2];
  *(p + 1) = 30;
  assert(a[3] == 30);
  assert(p[-2] == 0);
  p++;
  assert(*p == 30);
  int *q = a + 5;
  assert(q - p == 2);
  assert(p < q && p > a);
  int s = 0;
  int *r;
  for (r = a; r < q; r++)
    s += *r;
  assert(s == 37);
  return 0;
}
