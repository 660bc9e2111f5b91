// flags: --unwind 10
// expect: SUCCESSFUL
// why: the backward goto forms a loop that runs its body for i = 0..4 (5 backward jumps, well
//   under --unwind 10, so the unwinding claim holds); s = 0+1+2+3+4 = 10 and i ends at 5.
#include <assert.h>

int main(void) {
  int i = 0, s = 0;
loop:
  if (i < 5) {
    s += i;
    i++;
    goto loop;
  }
  assert(s == 10 && i == 5);
  return 0;
}
