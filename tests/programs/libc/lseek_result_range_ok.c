// expect: SUCCESSFUL
// why: lseek's result is the new offset (never negative) or -1 with errno set; a negative
//   descriptor is always EBADF (9) and a whence outside 0..4 always EINVAL (22) on Linux.
#include <assert.h>
#include <errno.h>
#include <unistd.h>

int main(void) {
  int fd = __VERIFIER_nondet_int();
  off_t pos = lseek(fd, 0, SEEK_CUR);
  assert(pos >= -1);
  if (fd < 0)
    assert(pos == -1 && errno == EBADF);
  if (fd >= 0 && lseek(fd, 0, 7) == -1)
    assert(errno == EINVAL);
  return 0;
}
