// expect: FAILED assertion line 27
// why: case 1 has no break, so execution falls through into case 2: f(1) = 1 + 2 = 3, not 1.
//   The assertion on line 26 (f(2) == 2) holds; line 27 fails.
#include <assert.h>

int f(int k) {
  int x = 0;
  switch (k) {
  case 1:
    x += 1;
  case 2:
    x += 2;
    break;
  case 3:
    x = 30;
  default:
    x += 100;
  }
  return x;
}

int main(void) {
  int a = f(1);
  int b = f(2);
  (void)a;
  assert(b == 2);
  assert(a == 1);
  return 0;
}
