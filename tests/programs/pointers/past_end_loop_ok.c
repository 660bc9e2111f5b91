// flags: --unwind 5
// expect: SUCCESSFUL
// why: the loop dereferences p only while p != a + 3, i.e. for a[0], a[1], a[2] (3 iterations
//   < --unwind 5); it ends with p equal to the one-past pointer, which is only compared.
#include <assert.h>

int main(void) {
  int a[3] = {1, 2, 3};
  int s = 0;
  int *p;
  for (p = a; p != a + 3; p++)
    s += *p;
  assert(s == 6);
  assert(p == a + 3);
  return 0;
}
