// expect: FAILED pointer-bounds line 9
// why: the count (32) is larger than buf (16 bytes): input of more than 16 bytes is stored
//   past the end of buf.
#include <unistd.h>

int main(void) {
  unsigned char buf[16];
  ssize_t r;
  r = read(0, buf, 32);
  return r > 0 ? buf[0] : 0;
}
