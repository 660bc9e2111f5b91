// flags: --function halve_if_even --infer-preconditions --unwind 10
// expect: FAILED division-by-zero line 14
// why: the function turns its pointer into an integer, so where in its object the pointer
//   points is observable: a caller may pass `buf + 1`, whose address is odd, and then the
//   divisor 1 - 1 is 0. (A pointer parameter starts its object only when the function cannot
//   tell; here it must keep every offset, or this division would pass as safe.)
#include <stdint.h>

int halve_if_even(const char *p)
{
  int odd = (int)((uintptr_t)p & 1u);
  if (*p == 0)
    return 0;
  return 10 / (1 - odd);
}
