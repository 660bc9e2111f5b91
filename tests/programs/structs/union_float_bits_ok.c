// expect: SUCCESSFUL
// why: IEEE-754 single precision: 1.0f has bits 0x3F800000, -2.0f has sign 1 and biased
//   exponent 128, i.e. 0xC0000000; the bit pattern 0x7F800000 is +infinity, which compares
//   greater than 3.4e38f (just below FLT_MAX).
#include <assert.h>

union fb {
  float f;
  unsigned int u;
};

int main(void) {
  union fb x;
  x.f = 1.0f;
  assert(x.u == 0x3F800000u);
  x.f = -2.0f;
  assert(x.u == 0xC0000000u);
  x.u = 0x7F800000u;
  assert(x.f > 3.4e38f);
  return 0;
}
