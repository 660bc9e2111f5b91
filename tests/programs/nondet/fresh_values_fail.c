// expect: FAILED assertion line 19
// why: every call of nondet_int returns a fresh, independent value (each in 0..10 by the
//   assume), so s ranges over 0..30 (line 18 holds) and can be e.g. 0 + 0 + 1 = 1, which is
//   not a multiple of 3: line 19 fails. (It would hold if all three calls returned the same
//   value.) Constant loop bound, 3 iterations.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int s = 0, i;
  for (i = 0; i < 3; i++) {
    int v = nondet_int();
    __VERIFIER_assume(v >= 0 && v <= 10);
    s += v;
  }
  assert(s >= 0 && s <= 30);
  assert(s % 3 == 0);
  return 0;
}
