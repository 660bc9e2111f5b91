// flags: --unwind 11
// expect: SUCCESSFUL
// why: same loop as unwind_too_small_fail.c: 10 iterations, and --unwind 11 leaves room for the
//   final failing loop test, so the unwinding claim holds; s = 0+1+...+9 = 45.
#include <assert.h>

int main(void) {
  int s = 0;
  int i;
  for (i = 0; i < 10; i++) s += i;
  assert(s == 45);
  return 0;
}
