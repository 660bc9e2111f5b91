// expect: FAILED assertion line 9
// why: the default data model is LP64 where sizeof(long) == 8 but sizeof(int) == 4, so the
//   assertion on line 9 is false (it would hold with --32). Line 8 holds.
#include <assert.h>

int main(void) {
  int same_ll = sizeof(long) == sizeof(long long);
  assert(same_ll);
  assert(sizeof(long) == sizeof(int));
  return 0;
}
