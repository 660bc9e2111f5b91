// flags: --force-malloc-success
// expect: FAILED pointer-invalid line 16
// why: after a successful realloc the old pointer is indeterminate (C11 7.22.3.5): reading
//   p[0] on line 16 uses the object that realloc released.
#include <stdlib.h>

int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 7;
  int *q = realloc(p, 4 * sizeof(int));
  if (!q) {
    free(p);
    return 1;
  }
  q[3] = 9;
  int x = p[0];
  free(q);
  return x;
}
