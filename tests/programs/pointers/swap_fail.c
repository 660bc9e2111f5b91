// expect: FAILED assertion line 19
// why: the broken swap copies *b into *a and then *a (now the old *b) back into *b, so both end
//   up equal to the old y: x == oy holds (line 18) but y == ox fails whenever x != y initially
//   (line 19). The pointers are valid.
#include <assert.h>

int nondet_int(void);

void bad_swap(int *a, int *b) {
  *a = *b;
  *b = *a;
}

int main(void) {
  int x = nondet_int(), y = nondet_int();
  int ox = x, oy = y;
  bad_swap(&x, &y);
  assert(x == oy);
  assert(y == ox);
  return 0;
}
