// expect: SUCCESSFUL
// why: the inline assembly sits in a branch no execution takes (c is 0), so nothing verdiff
//   does not model is reached and the assertion is proven.
#include <assert.h>

int main(void) {
  int c = 0, x = 1;
  if (c)
    __asm__ volatile("nop");
  assert(x == 1);
  return 0;
}
