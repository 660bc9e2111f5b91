// flags: --function set_both --infer-preconditions
// expect: SUCCESSFUL
// why: pointer parameters point to distinct objects by convention, so writing *b does not
//   change *a and the assertion on line 9 holds.
#include <assert.h>

void set_both(int *a, int *b) {
  *a = 1;
  *b = 2;
  assert(*a == 1);
}
