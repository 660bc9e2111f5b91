// expect: SUCCESSFUL
// why: case 1 falls through into case 2 (x = 1 + 2 = 3); case 2 alone gives 2 and breaks;
//   case 3 sets 30 and falls into default (+100 = 130); any other value only runs default (100).
//   So f(k) is always one of 3, 2, 130, 100.
#include <assert.h>

int nondet_int(void);

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
  assert(f(1) == 3);
  assert(f(2) == 2);
  assert(f(3) == 130);
  assert(f(7) == 100);
  int r = f(nondet_int());
  assert(r == 3 || r == 2 || r == 130 || r == 100);
  return 0;
}
