// expect: FAILED assertion line 10
// why: error() with status 0 prints its message and returns: the assertion after it is
//   reached.
#define _GNU_SOURCE
#include <assert.h>
#include <error.h>

int main(void) {
  error(0, 0, "not fatal");
  assert(0);
  return 0;
}
