// expect: FAILED overlap line 9
// why: memcpy's source [buf, buf+4) and destination [buf+2, buf+6) share buf[2..3]; C11
//   7.24.2.1 makes overlapping memcpy undefined.
#include <string.h>

int main(void) {
  char buf[8] = "abcdefg";
  char *dst = buf + 2;
  memcpy(dst, buf, 4);
  return 0;
}
