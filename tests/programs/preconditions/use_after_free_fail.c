// flags: --function drop --infer-preconditions
// expect: FAILED pointer-invalid line 11
// why: drop frees the caller's heap object (legal: an input pointer the function frees is a
//   heap block) and then reads it on line 11: a use after free inside drop, whatever the
//   caller passed.
#include <stdlib.h>

int drop(int *p) {
  int v;
  free(p);
  v = *p;
  return v;
}
