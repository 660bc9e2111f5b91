// flags: --unwind 5
// expect: FAILED unwinding line 11
// why: the loop on line 11 always runs 10 iterations but --unwind 5 allows at most 5, so its
//   unwinding assertion fails. No execution completes the loop within the bound, so the
//   assertion on line 12 (true for the full execution: 0+...+9 = 45) is never violated.
#include <assert.h>

int main(void) {
  int s = 0;
  int i;
  for (i = 0; i < 10; i++) s += i;
  assert(s == 45);
  return 0;
}
