// expect: FAILED assertion line 11
// why: plain char is signed, so (char)0xF0 is 240 - 256 = -16: the assertion on line 10 holds
//   and c > 0 on line 11 is false on the only path.
#include <assert.h>

int main(void) {
  char c = (char)0xF0;
  int i = c;
  int expected = 240 - 256;
  assert(i == expected);
  assert(c > 0);
  return 0;
}
