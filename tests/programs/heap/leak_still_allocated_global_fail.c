// flags: --memory-leak-check
// expect: FAILED memory-leak line 12
// why: verdiff follows ESBMC's default leak semantics: an object that is still allocated when
//   the program ends is forgotten memory, even if a global still points to it (ESBMC reports
//   it unless --no-reachable-memory-leak is given, which verdiff does not implement yet, see
//   docs/checks.md). malloc can succeed, so the object of line 12 can still be allocated.
#include <stdlib.h>

char *g;

int main(void) {
  g = malloc(16);
  return 0;
}
