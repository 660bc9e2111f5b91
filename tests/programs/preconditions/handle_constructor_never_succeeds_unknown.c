// flags: --function h_far --infer-preconditions --unwind 10
// expect: UNKNOWN handle
// why: every `h` comes from h_new, whose only non-NULL result writes p[4] of a 4-byte block:
//   no handle is made without undefined behaviour, so with the constructor's claims assumed no
//   execution reaches h_far at all. Its out-of-bounds read s[10] would then "hold" vacuously;
//   the answer must be UNKNOWN naming the constructor, never SUCCESSFUL.
#include <stdlib.h>

typedef char *h;

h h_new(void) {
  char *p = malloc(4);
  if (!p) return NULL;
  p[4] = 'x';
  return p;
}

char h_far(h s) { return s[10]; }
