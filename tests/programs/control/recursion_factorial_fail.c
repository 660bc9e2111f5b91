// flags: --unwind 10
// expect: FAILED assertion line 22
// why: n is assumed in 0..5 (recursion depth <= 5 < 10, so no unwinding claim fails);
//   fact(4) == 24, so the assertion r != 24 on line 22 fails for n == 4.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int main(void) {
  int n = nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 5);
  int r = fact(n);
  int ok = r >= 1;
  assert(ok);
  assert(r != 24);
  return 0;
}
