// expect: SUCCESSFUL
// why: snprintf writes at most size-1 characters plus the terminator and returns the length the
//   full output would have had: "n=12345" is 7 characters, so buf holds "n=1" and r is 7.
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[4];
  int r = snprintf(buf, sizeof buf, "n=%d", 12345);
  assert(r == 7);
  assert(strcmp(buf, "n=1") == 0);
  return 0;
}
