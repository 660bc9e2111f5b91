// expect: FAILED assertion line 11
// why: a + b is computed in int (300), so the first assertion holds; but c is an unsigned char
//   and receives 300 mod 256 = 44, so c == 300 (line 11) is false on the only path.
#include <assert.h>

int main(void) {
  unsigned char a = 200, b = 100;
  unsigned char c = a + b;
  int s = a + b;
  assert(s == 300);
  assert(c == 300);
  return 0;
}
