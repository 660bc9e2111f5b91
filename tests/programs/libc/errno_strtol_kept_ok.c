// expect: SUCCESSFUL
// why: strtol documents its use of errno (C11 7.22.1.4p8: ERANGE when the value is out of
//   range), so it may not set errno otherwise. "42" converts without error; errno stays 0
//   and the idiom errno = 0; strtol(...); test errno is exact here. errno is also never set
//   to 0 by a library call, so a value set before stays nonzero after malloc (checked second).
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

int main(void) {
  errno = 0;
  long v = strtol("42", 0, 10);
  assert(v == 42 && errno == 0);
  errno = 5;
  void *p = malloc(4);
  free(p);
  assert(errno != 0);
  return 0;
}
