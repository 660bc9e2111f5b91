// expect: FAILED pointer-bounds line 19
// why: the n + 1 bytes of s are all 'a' (no terminator), so strlen walks past the end of the
//   allocation for every n up to 1000, including lengths beyond the 8 bytes strlen's model walks
//   one by one before summarising (the summary keeps "no zero byte up to the end").
#include <stdlib.h>
#include <string.h>

unsigned long nondet_ulong(void);

int main(void) {
  unsigned long n = nondet_ulong();
  if (n > 1000 || n < 20)
    return 0;
  char *s = malloc(n + 1);
  if (!s)
    return 0;
  memset(s, 'a', n + 1);
  unsigned long len;
  len = strlen(s);
  free(s);
  return (int)len;
}
