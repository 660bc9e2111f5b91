// expect: FAILED assertion line 14
// why: C11 7.5p3 lets a library function whose description does not mention errno set it to a
//   nonzero value even when it succeeds, and POSIX leaves errno unspecified after a successful
//   call; printf's description says nothing of errno. So after errno = 0 and a printf, errno
//   may be nonzero and the assertion can fail on a conforming C library.
#include <assert.h>
#include <errno.h>
#include <stdio.h>

int main(void) {
  errno = 0;
  if (printf("hello\n") < 0)
    return 1;
  assert(errno == 0);
  return 0;
}
