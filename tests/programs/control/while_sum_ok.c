// expect: SUCCESSFUL
// why: the while loop has a constant bound (i runs 1..10), so it is unwound completely without
//   --unwind; s = 1 + 2 + ... + 10 = 55 and the loop exits with i == 11.
#include <assert.h>

int main(void) {
  int i = 1, s = 0;
  while (i <= 10) {
    s += i;
    i++;
  }
  assert(s == 55);
  assert(i == 11);
  return 0;
}
