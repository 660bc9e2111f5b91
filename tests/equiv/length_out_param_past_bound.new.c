#include <stdlib.h>
#include <string.h>

char *copy_counted(const char *s, int *n) {
  int i = 0;
  while (s[i])
    i++;
  *n = i > 3 ? i - 1 : i;
  char *r = malloc(i + 1);
  if (r)
    memcpy(r, s, i + 1);
  return r;
}
