// expect: FAILED assertion line 11
// why: usual arithmetic conversions turn the int -1 into unsigned int UINT_MAX before the
//   comparison, so x < u is UINT_MAX < 1, false on the only path.
#include <assert.h>

int main(void) {
  int x = -1;
  unsigned int u = 1;
  int signed_cmp = x < (int)u;
  assert(signed_cmp == 1);
  assert(x < u);
  return 0;
}
