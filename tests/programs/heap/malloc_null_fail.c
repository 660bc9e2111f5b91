// expect: FAILED pointer-null line 9
// why: malloc may return NULL (ESBMC semantics, no --force-malloc-success), and the result is
//   dereferenced without a check.
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  int v = 4;
  *p = v;
  free(p);
  return 0;
}
