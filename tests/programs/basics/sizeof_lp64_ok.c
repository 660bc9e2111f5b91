// expect: SUCCESSFUL
// why: default data model is LP64: char 1, short 2, int 4, long 8, long long 8, pointers 8,
//   float 4, double 8, size_t (type of sizeof) 8, and an enum is int-sized. All assertions hold.
#include <assert.h>

enum e { E0, E1 };

int main(void) {
  assert(sizeof(char) == 1);
  assert(sizeof(short) == 2);
  assert(sizeof(int) == 4);
  assert(sizeof(long) == 8);
  assert(sizeof(long long) == 8);
  assert(sizeof(void *) == 8);
  assert(sizeof(int *) == 8);
  assert(sizeof(float) == 4);
  assert(sizeof(double) == 8);
  assert(sizeof(sizeof(int)) == 8);
  assert(sizeof(enum e) == 4);
  return 0;
}
