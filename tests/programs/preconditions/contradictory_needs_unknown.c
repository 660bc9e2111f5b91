// flags: --function f --infer-preconditions
// expect: UNKNOWN contradicts
// why: f reads p[0] (the caller's object must hold the byte at p) and frees p + 1 (p + 1 must
//   be the start of the caller's allocation, so p lies before it): no caller's object meets
//   both. Every claim "holds" on the inputs that meet both — none — so the assertion, which
//   any c != 7 breaks, would be proved vacuously; verdiff must not say SUCCESSFUL, and says
//   why it cannot decide.
#include <assert.h>
#include <stdlib.h>

char f(char *p) {
  char c = p[0];
  free(p + 1);
  assert(c == 7);
  return c;
}
