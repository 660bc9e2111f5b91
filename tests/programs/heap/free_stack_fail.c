// expect: FAILED free-invalid line 8
// why: x is a local variable, not a heap object; passing its address to free is invalid.
#include <stdlib.h>

int main(void) {
  int x = 3;
  int *p = &x;
  free(p);
  return 0;
}
