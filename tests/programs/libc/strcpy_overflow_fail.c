// expect: FAILED pointer-bounds line 8
// why: "hello" needs 6 bytes with its terminator; dst has 5, so strcpy writes past its end.
#include <string.h>

int main(void) {
  char dst[5];
  const char *src = "hello";
  strcpy(dst, src);
  return 0;
}
