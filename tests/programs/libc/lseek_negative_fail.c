// expect: FAILED assertion line 14
// why: lseek returns an offset >= 0 or -1. On a regular file a negative resulting offset is
//   EINVAL (-1); open may also fail and give -1, which lseek rejects with EBADF. So pos may be
//   -1 and the assertion pos >= 0 is violated.
#include <assert.h>
#include <fcntl.h>
#include <unistd.h>

int main(void) {
  int fd = open("f.txt", O_RDWR);
  off_t pos = lseek(fd, -10, SEEK_SET);
  if (fd < 0)
    assert(pos == -1);
  assert(pos >= 0);
  return 0;
}
