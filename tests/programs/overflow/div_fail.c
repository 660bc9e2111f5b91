// flags: --overflow-check
// expect: FAILED overflow line 13
// why: b != 0 rules out division by zero, but INT_MIN / -1 = 2^31 does not fit in int, so
//   a / b on line 13 overflows for a == INT_MIN, b == -1.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a = nondet_int(), b = nondet_int();
  __VERIFIER_assume(b != 0);
  int q = a / b;
  return q;
}
