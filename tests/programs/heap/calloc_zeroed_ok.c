// flags: --unwind 6
// expect: SUCCESSFUL
// why: calloc returns zero-filled memory; every element read is 0 (and NULL is handled).
#include <assert.h>
#include <stdlib.h>

int main(void) {
  long *p = calloc(5, sizeof(long));
  if (!p)
    return 1;
  for (int i = 0; i < 5; i++)
    assert(p[i] == 0);
  free(p);
  return 0;
}
