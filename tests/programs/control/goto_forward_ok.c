// expect: SUCCESSFUL
// why: forward gotos only: negative x jumps to `negative` (r = -1), otherwise r = 1 and
//   `goto done` skips the negative branch. The assertion describes both paths exactly.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int x = nondet_int();
  int r = 0;
  if (x < 0)
    goto negative;
  r = 1;
  goto done;
negative:
  r = -1;
done:
  assert((x < 0 && r == -1) || (x >= 0 && r == 1));
  return 0;
}
