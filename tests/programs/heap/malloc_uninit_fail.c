// flags: --force-malloc-success
// expect: FAILED assertion line 10
// why: malloc does not initialise memory: the content is arbitrary, so it need not be 0.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  long *p = malloc(5 * sizeof(long));
  long v = p[2];
  assert(v == 0);
  free(p);
  return 0;
}
