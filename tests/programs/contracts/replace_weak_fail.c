// flags: --replace-call-with-contract half
// expect: FAILED assertion line 16
// why: main is verified with half's contract in place of its body. The contract only says
//   the result is in [0, x], so half(4) may be 3 as far as main can know: the assertion on
//   line 16 is not implied (the body would give 2; the contract is too weak for the caller).
#include <assert.h>

int half(int x) {
  __ESBMC_requires(x >= 0);
  __ESBMC_ensures(__ESBMC_return_value >= 0 && __ESBMC_return_value <= x);
  return x / 2;
}

int main(void) {
  int r = half(4);
  assert(r == 2);
  return 0;
}
