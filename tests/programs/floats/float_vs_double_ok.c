// expect: SUCCESSFUL
// why: 0.1f (0.100000001490116...) promoted to double differs from the double 0.1, while
//   (float)0.1 rounds to the same float as 0.1f. In single precision (evaluated in float, not
//   double, since FLT_EVAL_METHOD is 0) 0.1f + 0.2f = 0.3000000045 exactly, whose nearest float
//   is 0.3f (0.30000001192...), so the float sum equals 0.3f; the double sum does not equal 0.3.
#include <assert.h>

int main(void) {
  float f = 0.1f;
  double d = 0.1;
  assert(f != d);
  assert((float)d == f);
  float a = 0.1f, b = 0.2f;
  float s = a + b;
  assert(s == 0.3f);
  double da = 0.1, db = 0.2;
  assert(da + db != 0.3);
  return 0;
}
