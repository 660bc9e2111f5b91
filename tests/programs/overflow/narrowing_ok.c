// flags: --overflow-check
// expect: SUCCESSFUL
// why: x in -128..127 fits in signed char and x in -30000..30000 fits in short, so the
//   conversions keep the value exactly.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= -128 && x <= 127);
  signed char c = x;
  assert(c == x);
  int y = nondet_int();
  __VERIFIER_assume(y >= -30000 && y <= 30000);
  short s = y;
  assert(s == y);
  return 0;
}
