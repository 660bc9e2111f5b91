// flags: --force-malloc-success
// expect: FAILED pointer-invalid line 11
// why: the object is freed on line 10, so reading through p on line 11 accesses a dead object.
#include <stdlib.h>

int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  free(p);
  int x = p[1];
  return x;
}
