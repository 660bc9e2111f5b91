// expect: SUCCESSFUL
// why: in x > u the int -1 is converted to unsigned int (UINT_MAX), so x > u is true;
//   casting u to int first gives a signed comparison -1 < 1; x + u is unsigned
//   UINT_MAX + 1 which wraps to 0 (unsigned wrap is no claim by default).
#include <assert.h>
#include <limits.h>

int main(void) {
  int x = -1;
  unsigned int u = 1;
  assert(x > u);
  assert((unsigned int)x == UINT_MAX);
  assert(x < (int)u);
  assert(x + u == 0u);
  return 0;
}
