// flags: --function halve_if_even --infer-preconditions --unwind 10
// expect: FAILED division-by-zero line 14
// why: the function turns its pointer into an integer: a caller may pass `buf + 1`, whose
//   address is odd, and then the divisor 1 - 1 is 0. The parameter starts its object
//   (docs/contracts.md), so that address must come from the object's base, which is
//   symbolic and aligned only to the pointee type (char: any address).
#include <stdint.h>

int halve_if_even(const char *p)
{
  int odd = (int)((uintptr_t)p & 1u);
  if (*p == 0)
    return 0;
  return 10 / (1 - odd);
}
