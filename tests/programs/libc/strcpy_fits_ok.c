// expect: SUCCESSFUL
// why: dst has exactly the 6 bytes "hello" needs; the copy reads back equal and strlen is 5.
#include <assert.h>
#include <string.h>

int main(void) {
  char dst[6];
  strcpy(dst, "hello");
  assert(strlen(dst) == 5 && strcmp(dst, "hello") == 0);
  return 0;
}
