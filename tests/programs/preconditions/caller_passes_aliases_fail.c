// flags: --function caller --infer-preconditions
// expect: FAILED assertion line 11
// why: set_both assumes its arguments are distinct (distinct_parameters_ok.c); caller passes
//   the same object twice, so *b = 2 overwrites *a and the assertion inside set_both fails
//   with caller's arguments (line 11).
#include <assert.h>

void set_both(int *a, int *b) {
  *a = 1;
  *b = 2;
  assert(*a == 1);
}

void caller(void) {
  int x;
  set_both(&x, &x);
}
