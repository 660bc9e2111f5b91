// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: p is set to NULL after the first free, so the second free is free(NULL), a no-op.
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  free(p);
  p = NULL;
  free(p);
  return 0;
}
