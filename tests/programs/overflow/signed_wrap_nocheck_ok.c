// expect: SUCCESSFUL
// why: without --overflow-check signed overflow is not a claim and arithmetic is two's-complement
//   bit-vector arithmetic: INT_MAX + 1 wraps to INT_MIN and (y + 1) - 1 == y for every y.
#include <assert.h>
#include <limits.h>

int nondet_int(void);

int main(void) {
  int x = INT_MAX;
  x = x + 1;
  assert(x == INT_MIN);
  int y = nondet_int();
  int z = y + 1;
  assert(z - 1 == y);
  return 0;
}
