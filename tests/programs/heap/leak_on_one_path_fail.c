// flags: --memory-leak-check
// expect: FAILED memory-leak line 9
// why: when the nondet flag is non-zero main returns without freeing the object allocated on
//   line 9 (and it can be non-NULL), so it is unreachable at program end.
#include <stdlib.h>

int main(void) {
  int flag = __VERIFIER_nondet_int();
  char *buf = malloc(16);
  if (flag)
    return 1;
  free(buf);
  return 0;
}
