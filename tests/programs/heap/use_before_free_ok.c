// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: the same accesses as use_after_free_fail.c, but the read happens before the free.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  int x = p[1];
  free(p);
  assert(x == 2);
  return 0;
}
