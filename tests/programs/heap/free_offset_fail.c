// flags: --force-malloc-success
// expect: FAILED free-invalid line 10
// why: q points one element into the object; free needs the pointer malloc returned (offset 0).
#include <stdlib.h>

int main(void) {
  char *p = malloc(8);
  char *q = p + 1;
  q[0] = 'a';
  free(q);
  return 0;
}
