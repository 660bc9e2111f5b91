// flags: --no-pointer-check
// expect: SUCCESSFUL
// why: p may be NULL at *p (line 14), but --no-pointer-check removes the pointer claims. The
//   assertion only concerns x, which the read does not change.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = 5;
  int *p = 0;
  if (nondet_int())
    p = &x;
  int y = *p;
  assert(x == 5);
  return y;
}
