// expect: SUCCESSFUL
// why: x: 5 +=3 -> 8, *=2 -> 16, -=1 -> 15, /=4 -> 3, %=2 -> 1, <<=3 -> 8, |=5 -> 13,
//   ^=6 -> 11, &=14 -> 10, >>=1 -> 5. Postfix returns the old value, prefix the new one:
//   j = 5, k = 7, i = 7; m = 7, n = 5, i = 5. unsigned char 255 incremented wraps to 0 (stored
//   back modulo 256); d = (char)(10 + 300) = 310 - 256 = 54. No checks besides assertions apply.
#include <assert.h>

int main(void) {
  int x = 5;
  x += 3;
  x *= 2;
  x -= 1;
  x /= 4;
  x %= 2;
  x <<= 3;
  x |= 5;
  x ^= 6;
  x &= 14;
  x >>= 1;
  assert(x == 5);
  int i = 5;
  int j = i++;
  int k = ++i;
  assert(j == 5 && k == 7 && i == 7);
  int m = i--;
  int n = --i;
  assert(m == 7 && n == 5 && i == 5);
  unsigned char c = 255;
  c++;
  assert(c == 0);
  char d = 10;
  d += 300;
  assert(d == 54);
  return 0;
}
