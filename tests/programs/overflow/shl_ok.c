// flags: --overflow-check
// expect: SUCCESSFUL
// why: x in 0..1000, so x << 20 <= 1000 * 2^20 = 1048576000 < INT_MAX and x << 4 <= 16000:
//   no overflow, valid shift distances, and the results equal x * 2^20 and x * 16.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 1000);
  int y = x << 20;
  int z = x << 4;
  assert(y >= 0 && y == x * 1048576);
  assert(z == x * 16);
  return 0;
}
