// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: realloc keeps the old contents up to the old size and the new object has room for 4 ints;
//   the result is checked for NULL (realloc may still fail) and only the new pointer is used.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 7;
  p[1] = 8;
  int *q = realloc(p, 4 * sizeof(int));
  if (!q) {
    free(p);
    return 1;
  }
  q[3] = 9;
  assert(q[0] == 7 && q[1] == 8 && q[3] == 9);
  free(q);
  return 0;
}
