// expect: SUCCESSFUL
// why: the comma operator evaluates left to right and yields the last operand:
//   (a++, a++, a + 10) leaves a == 2 and gives 12; x > 10 so y = 12 - 10 = 2;
//   a == 2 so z evaluates (a = 7, a * 2) = 14; the nested ?: gives w in {-1, 0, 1} for every k.
//   No division, arrays or pointers; all assertions hold.
#include <assert.h>

int nondet_int(void);

int main(void) {
  int a = 0;
  int x = (a++, a++, a + 10);
  assert(a == 2 && x == 12);
  int y = x > 10 ? x - 10 : x + 10;
  assert(y == 2);
  int z = a == 2 ? (a = 7, a * 2) : 0;
  assert(a == 7 && z == 14);
  int k = nondet_int();
  int w = k > 0 ? 1 : (k < 0 ? -1 : 0);
  assert(w >= -1 && w <= 1);
  assert((k > 0) == (w == 1));
  return 0;
}
