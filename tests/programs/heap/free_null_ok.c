// expect: SUCCESSFUL
// why: free(NULL) is defined to do nothing (C11 7.22.3.3), also when malloc failed and returned
//   NULL; the heap object, when there is one, is freed exactly once.
#include <stdlib.h>

int main(void) {
  int *p = 0;
  free(p);
  p = malloc(sizeof(int));
  free(p);
  return 0;
}
