// expect: SUCCESSFUL
// why: && evaluates 100 / d only when d != 0, and ?: evaluates 7 % d only when d != 0, so no
//   division-by-zero claim can fail. 100 / d == 50 only for d == 2 (d = 1 gives 100, d = 3 gives
//   33, negative d gives a non-positive quotient). For d != 0, 7 % d has the sign of 7 and
//   magnitude <= 7, so 0 <= r <= 7 (including d == INT_MIN where 7 % d == 7).
#include <assert.h>

int nondet_int(void);

int main(void) {
  int d = nondet_int();
  if (d != 0 && 100 / d == 50)
    assert(d == 2);
  int r = (d == 0) ? 0 : 7 % d;
  assert(r >= 0 && r <= 7);
  return 0;
}
