// flags: --no-div-by-zero-check
// why: d may be 0, but --no-div-by-zero-check removes the division-by-zero claims of lines 11
//   and 12; the only remaining claim is the assertion on d, which is trivially true.
// expect: SUCCESSFUL
#include <assert.h>

int nondet_int(void);

int main(void) {
  int d = nondet_int();
  int q = 100 / d;
  int r = 100 % d;
  assert(d == d);
  return q + r;
}
