// flags: --overflow-check
// expect: FAILED overflow line 13
// why: b is in 0..10 but a is unconstrained, so a - b on line 13 overflows for a near INT_MIN
//   (e.g. a == INT_MIN, b == 1). The assume expression itself cannot overflow.
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int a = nondet_int(), b = nondet_int();
  __VERIFIER_assume(b >= 0 && b <= 10);
  int d = a - b;
  return d;
}
