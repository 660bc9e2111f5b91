// expect: UNKNOWN errno
// why: glibc's math_errhandling includes MATH_ERRNO, so sqrt(-1.0) is a domain error that
//   stores EDOM in errno (C11 7.12.1p2) and the assertion fails. verdiff does not decide which
//   arguments are errors for each math function: the errno a math call leaves is approximated
//   (unchanged, EDOM or ERANGE), so it may not say SUCCESSFUL and has no proven counterexample:
//   UNKNOWN, naming the errno sqrt leaves.
#include <assert.h>
#include <errno.h>
#include <math.h>

int main(void) {
  errno = 0;
  double r = sqrt(-1.0);
  (void)r;
  assert(errno == 0);
  return 0;
}
