// flags: --32
// expect: SUCCESSFUL
// why: with --32 (ILP32): int 4, long 4, long long still 8, pointers 4, size_t 4, short 2,
//   char 1. All assertions hold in that data model.
#include <assert.h>

int main(void) {
  assert(sizeof(char) == 1);
  assert(sizeof(short) == 2);
  assert(sizeof(int) == 4);
  assert(sizeof(long) == 4);
  assert(sizeof(long long) == 8);
  assert(sizeof(void *) == 4);
  assert(sizeof(char *) == 4);
  assert(sizeof(sizeof(int)) == 4);
  return 0;
}
