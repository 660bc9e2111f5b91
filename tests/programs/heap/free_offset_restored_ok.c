// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: q - 1 is again the pointer malloc returned (offset 0), so the free is valid.
#include <stdlib.h>

int main(void) {
  char *p = malloc(8);
  char *q = p + 1;
  q[0] = 'a';
  free(q - 1);
  return 0;
}
