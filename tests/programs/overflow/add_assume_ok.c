// flags: --overflow-check
// expect: SUCCESSFUL
// why: the assume excludes x == INT_MAX, the only value for which x + 1 overflows; then
//   y == x + 1 > x mathematically.
#include <assert.h>
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x < INT_MAX);
  int y = x + 1;
  assert(y > x);
  return 0;
}
