// flags: --replace-call-with-contract half
// expect: SUCCESSFUL
// why: as replace_weak_fail.c, but the ensures pins the result to x / 2: main's assertion
//   follows from the contract alone (half's body is not used).
#include <assert.h>

int half(int x) {
  __ESBMC_requires(x >= 0);
  __ESBMC_ensures(__ESBMC_return_value == x / 2);
  return x / 2;
}

int main(void) {
  int r = half(4);
  assert(r == 2);
  return 0;
}
