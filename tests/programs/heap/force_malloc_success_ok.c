// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: --force-malloc-success rules out the NULL result, so the unchecked dereference of the
//   malloc result is valid.
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  *p = 4;
  free(p);
  return 0;
}
