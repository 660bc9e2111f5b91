// flags: --no-bounds-check
// expect: SUCCESSFUL
// why: i is unconstrained so a[i] may be out of bounds, but --no-bounds-check removes the
//   array-bounds claim. The access only reads, so a itself is unchanged and a[0] == 1 holds.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int a[3] = {1, 2, 3};
  int i = nondet_int();
  int x = a[i];
  assert(a[0] == 1);
  return x;
}
