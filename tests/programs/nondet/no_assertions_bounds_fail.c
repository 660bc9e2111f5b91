// flags: --no-assertions
// expect: FAILED array-bounds line 14
// why: --no-assertions only drops assertions; the array-bounds check stays. The dropped
//   assertion does not constrain x either, and even x > 0 would allow x >= 2, so a[x] on
//   line 14 can be out of bounds of int a[2].
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int a[2] = {0, 0};
  assert(x > 0);
  a[x] = 1;
  return 0;
}
