// expect: SUCCESSFUL
// why: 0.1 and 0.2 are not exactly representable; their double sum rounds to
//   0.30000000000000004440892098500626, the double just above the double nearest to 0.3, so
//   a + b != 0.3, a + b > 0.3, and it equals the literal 0.30000000000000004.
#include <assert.h>

int main(void) {
  double a = 0.1, b = 0.2;
  double s = a + b;
  assert(s != 0.3);
  assert(s > 0.3);
  assert(s == 0.30000000000000004);
  return 0;
}
