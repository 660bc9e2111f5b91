// expect: SUCCESSFUL
// why: b is a copy of the n bytes of a, for any n up to 1000, so memcmp(a, b, n) is 0. No loop
//   bound is given: memcmp's walk over a length symbolic execution does not know is summarised
//   after 8 bytes (the first difference is a position where the bytes differ, and the copy
//   leaves none), not unwound.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

unsigned long nondet_ulong(void);

int main(void) {
  unsigned long n = nondet_ulong();
  if (n > 1000)
    return 0;
  char *a = malloc(n + 1);
  char *b = malloc(n + 1);
  if (!a || !b)
    return 0;
  memset(a, 'x', n);
  memcpy(b, a, n);
  assert(memcmp(a, b, n) == 0);
  free(a);
  free(b);
  return 0;
}
