// expect: SUCCESSFUL
// why: the NULL result is handled before the dereference; the write and read are in bounds of
//   the 4-byte object and the object is freed once.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == NULL)
    return 1;
  *p = 4;
  assert(*p == 4);
  free(p);
  return 0;
}
