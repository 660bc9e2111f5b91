// expect: FAILED assertion line 16
// why: VALUE = 0x8000000000000000 does not fit in int, so (GCC extension) it has the enum's
//   type, unsigned long, and keeps its value 2^63; foo() returns exactly that, so the claim
//   that it differs from 0x8000000000000000 is false on the only path. A frontend that gave
//   the enumerator type int would truncate it to 0 and wrongly prove the assertion.
//   (ESBMC regression github_1758_fail.)
#include <assert.h>

#define VALUE_MSB1 0x8000000000000000

typedef enum { VALUE = VALUE_MSB1 } enum_t;

enum_t foo(void) { return VALUE; }

int main(void) {
  assert(foo() != VALUE_MSB1);
  return 0;
}
