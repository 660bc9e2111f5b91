// expect: FAILED division-by-zero line 13
// why: realpath has no model (what it writes is unknown), but a run on which it wrote inside
//   buf goes on to divide by d, which the input may make 0: that violation is a run the
//   program can take whatever realpath did.
#include <stdlib.h>
int nondet_int(void);

int main(void) {
  char buf[4096];
  int d = nondet_int();
  if (realpath(".", buf) == NULL)
    return 1;
  return 100 / d;
}
