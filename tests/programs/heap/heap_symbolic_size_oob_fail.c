// flags: --force-malloc-success
// expect: FAILED pointer-bounds line 12
// why: the object holds n ints for a nondet n in [1, 8]; index n is one past the end for every
//   n, so the write on line 12 is out of bounds of the heap object.
#include <stdlib.h>

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 8);
  int *p = malloc(n * sizeof(int));
  p[n - 1] = 0;
  p[n] = 0;
  free(p);
  return 0;
}
