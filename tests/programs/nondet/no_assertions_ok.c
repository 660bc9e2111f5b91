// flags: --no-assertions
// expect: SUCCESSFUL
// why: assert(x > 0) fails for x == 0, but --no-assertions removes user assertions. There is
//   nothing else to check (no division, array or pointer).
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = nondet_int();
  assert(x > 0);
  return 0;
}
