// expect: SUCCESSFUL
// why: float has a 24-bit significand. 16777217 = 2^24 + 1 lies exactly halfway between
//   16777216 and 16777218; round-to-nearest-even picks 16777216 (even significand).
//   16777219 lies halfway between 16777218 (odd significand 2^23+1) and 16777220 (even), so it
//   becomes 16777220. double represents both exactly. float -> int conversions are in range.
#include <assert.h>

int main(void) {
  int i = 16777217;
  float f = i;
  assert(f == 16777216.0f);
  int back = (int)f;
  assert(back == 16777216);
  int j = 16777219;
  float g = j;
  assert(g == 16777220.0f);
  double d = i;
  assert(d == 16777217.0);
  return 0;
}
