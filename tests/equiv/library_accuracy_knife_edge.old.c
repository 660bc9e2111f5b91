// function: f
// expect: UNKNOWN sin
// why: 0.8414709848078965 is the double nearest to sin(1) (glibc returns exactly it), so on glibc
//   the old version returns -x like the new one; a libm that rounds sin(1) up by one unit in the
//   last place (within every accuracy bound verdiff assumes) makes the old version return x.
//   Whether the versions differ depends on the last bit of the library's result: neither
//   EQUIVALENT (verdiff does not compute sin) nor NOT EQUIVALENT (the difference is not shown for
//   every result within 2^-40 of the host's) may be said.
#include <math.h>
double f(double x) {
  if (sin(1.0) > 0.8414709848078965)
    return x;
  return -x;
}
