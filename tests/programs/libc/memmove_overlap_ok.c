// expect: SUCCESSFUL
// why: memmove allows overlap and copies as if through a temporary: "abcdefg" with buf[2..5]
//   replaced by "abcd" is "ababcdg".
#include <assert.h>
#include <string.h>

int main(void) {
  char buf[8] = "abcdefg";
  memmove(buf + 2, buf, 4);
  assert(strcmp(buf, "ababcdg") == 0);
  return 0;
}
