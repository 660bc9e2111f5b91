// flags: --memory-leak-check
// expect: SUCCESSFUL
// why: both paths free the object before returning.
#include <stdlib.h>

int main(void) {
  int flag = __VERIFIER_nondet_int();
  char *buf = malloc(16);
  if (flag) {
    free(buf);
    return 1;
  }
  free(buf);
  return 0;
}
