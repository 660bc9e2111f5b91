// expect: FAILED assertion line 17
// why: same loop as for_break_continue_ok.c: the break at i == 9 prevents 9 from being added,
//   so s == 1 + 3 + 5 + 7 = 16, not 25 (the sum of all odd numbers below 10). Line 16 holds,
//   line 17 fails on the only path.
#include <assert.h>

int main(void) {
  int s = 0, i;
  for (i = 0; i < 10; i++) {
    if (i % 2 == 0)
      continue;
    if (i > 7)
      break;
    s += i;
  }
  assert(i == 9);
  assert(s == 25);
  return 0;
}
