// flags: --force-malloc-success
// expect: FAILED double-free line 11
// why: the same object is freed twice; nondet c does not matter because both paths reach the
//   second free with p still pointing to the freed object.
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  int c = __VERIFIER_nondet_int();
  free(p);
  free(p);
  return c;
}
