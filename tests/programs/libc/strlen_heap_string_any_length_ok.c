// expect: SUCCESSFUL
// why: s holds n bytes 'a' and a terminator at s[n], for any n up to 1000, so strlen(s) is n.
//   No loop bound is given: strlen's walk over an object whose size symbolic execution does not
//   know is summarised after 8 bytes (a length with a zero byte there and no zero byte written
//   before it: the memset's bytes are 'a', the terminator pins it), not unwound.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

unsigned long nondet_ulong(void);

int main(void) {
  unsigned long n = nondet_ulong();
  if (n > 1000)
    return 0;
  char *s = malloc(n + 1);
  if (!s)
    return 0;
  memset(s, 'a', n);
  s[n] = 0;
  assert(strlen(s) == n);
  free(s);
  return 0;
}
