// expect: SUCCESSFUL
// why: swap exchanges the values through valid pointers to the locals x and y, for any values;
//   swapping x with itself leaves it unchanged (t holds the old value).
#include <assert.h>

int nondet_int(void);

void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

int main(void) {
  int x = nondet_int(), y = nondet_int();
  int ox = x, oy = y;
  swap(&x, &y);
  assert(x == oy && y == ox);
  swap(&x, &x);
  assert(x == oy);
  return 0;
}
