// expect: SUCCESSFUL
// why: read stores at most the count it is given (16, the buffer's size) and returns -1, 0 or
//   the number of bytes stored, so buf[r - 1] is inside buf whenever r > 0.
#include <unistd.h>

int main(void) {
  unsigned char buf[16];
  ssize_t r = read(0, buf, sizeof buf);
  if (r > 0)
    return buf[r - 1];
  return 0;
}
