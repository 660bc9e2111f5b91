// expect: FAILED assertion line 12
// why: "99999999999999999999" is above LONG_MAX on LP64, so strtol returns LONG_MAX and stores
//   ERANGE in errno (C11 7.22.1.4p8); the assertion that errno is still 0 fails on every run.
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

int main(void) {
  errno = 0;
  long v = strtol("99999999999999999999", 0, 10);
  (void)v;
  assert(errno == 0);
  return 0;
}
