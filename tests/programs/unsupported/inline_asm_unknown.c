// expect: UNKNOWN assembly
// why: the value of x after the inline assembly is unknown to verdiff; it must not claim the
//   assertion holds (or fails) and must say which construct stopped it.
#include <assert.h>

int main(void) {
  int x = 1;
  __asm__ volatile("movl $2, %0" : "=r"(x));
  assert(x == 1);
  return 0;
}
