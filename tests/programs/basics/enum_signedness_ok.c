// expect: SUCCESSFUL
// why: GCC on x86-64 (no -fshort-enums): an enum with no negative enumerator is compatible with
//   unsigned int, one with a negative enumerator with int; both are 4 bytes, and enumerators
//   that fit in int have type int. So (enum E)-1 converts -1 to unsigned int 4294967295, which
//   is > 0; (enum N)-1 stays -1 < 0; A - 1 is int arithmetic, -1 < 0. Enumerators of an enum
//   with a value that needs 64 bits but that themselves fit in int are still int (sizeof 4),
//   while the enum type is 8 bytes. Checked against gcc 12 on x86-64.
#include <assert.h>

enum E { A, B };
enum N { M = -1, P };
enum L { SMALL = 1, BIG = 0x100000000 };

int main(void) {
  assert(sizeof(enum E) == 4 && sizeof(enum N) == 4);
  assert(sizeof(A) == 4);
  assert((enum E)-1 > 0);
  assert((enum N)-1 < 0);
  assert(A - 1 < 0);
  assert(sizeof(enum L) == 8);
  assert(sizeof(SMALL) == 4 && sizeof(BIG) == 8);
  enum L l = BIG;
  assert(l == 4294967296);
  return 0;
}
