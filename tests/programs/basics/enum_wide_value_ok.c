// expect: SUCCESSFUL
// why: GCC (and ESBMC) give an enum whose enumerators do not fit in int/unsigned int the
//   narrowest of long / long long that holds them: VALUE = 0x8000000000000000 has no negative
//   enumerator and needs 64 bits, so enum_t is unsigned long (sizeof 8). An enumerator that does
//   not fit in int has the enum's type rather than int, so VALUE keeps its value 2^63 instead of
//   being truncated to 0, and NEXT, the implicit successor, is 2^63 + 1. foo() returns VALUE
//   unchanged, so foo() == 0x8000000000000000 (an unsigned long literal) holds, as do the sizeofs.
//   (ESBMC regression github_1758.)
#include <assert.h>

#define VALUE_MSB1 0x8000000000000000

typedef enum { VALUE = VALUE_MSB1, NEXT } enum_t;

enum_t foo(void) { return VALUE; }

int main(void) {
  assert(foo() == VALUE_MSB1);
  assert(sizeof(enum_t) == 8);
  assert(sizeof(VALUE) == 8);
  assert(NEXT == 0x8000000000000001);
  enum_t e = NEXT;
  assert(e > VALUE);
  return 0;
}
