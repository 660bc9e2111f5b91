// expect: SUCCESSFUL
// why: even i are skipped by continue; odd i = 1, 3, 5, 7 are added (s = 16); at i = 9 the
//   break leaves the loop before the increment, so i == 9 afterwards. Constant bounds.
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
  assert(s == 16);
  assert(i == 9);
  return 0;
}
