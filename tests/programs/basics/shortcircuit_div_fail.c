// expect: FAILED division-by-zero line 11
// why: bitwise & does not short-circuit, so 100 / d on line 11 is evaluated even when d == 0:
//   division-by-zero for d == 0. On that path the condition is 0 so the assertion is not
//   reached; on every other path 100 / d == 50 implies d == 2, so line 12 cannot fail.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int d = nondet_int();
  if ((d != 0) & (100 / d == 50))
    assert(d == 2);
  return 0;
}
