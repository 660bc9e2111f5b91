// expect: FAILED assertion line 23
// why: as memcmp_heap_copy_any_length_ok.c, with n from 20 to 1000, but b[15] is changed after
//   the copy: the two blocks differ at byte 15, past the 8 bytes memcmp's model compares one by
//   one before it summarises, so memcmp is nonzero and the assertion fails for every n.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

unsigned long nondet_ulong(void);

int main(void) {
  unsigned long n = nondet_ulong();
  if (n > 1000 || n < 20)
    return 0;
  char *a = malloc(n + 1);
  char *b = malloc(n + 1);
  if (!a || !b)
    return 0;
  memset(a, 'x', n);
  memcpy(b, a, n);
  b[15] = 'y';
  int d = memcmp(a, b, n);
  assert(d == 0);
  free(a);
  free(b);
  return 0;
}
