// expect: FAILED assertion line 20
// why: as strlen_heap_string_any_length_ok.c, but the assertion claims the length is below 9:
//   any n from 9 to 1000 violates it (strlen(s) is n), which the summarised walk must not hide.
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
  unsigned long len = strlen(s);
  assert(len < 9);
  free(s);
  return 0;
}
