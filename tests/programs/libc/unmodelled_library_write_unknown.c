// expect: UNKNOWN realpath
// why: realpath writes up to PATH_MAX bytes into buf; verdiff has no model of it, and a C
//   library function without a model is not assumed to stay inside buf[4]: the result names
//   the function instead of claiming safety.
#include <stdlib.h>

int main(void) {
  char buf[4];
  if (realpath(".", buf) == NULL)
    return 1;
  return buf[0];
}
