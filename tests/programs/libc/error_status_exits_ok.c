// expect: SUCCESSFUL
// why: error() with a nonzero status prints the message and calls exit(status), so the
//   assertion after it is unreachable; with status 0 it returns and counts the message in
//   error_message_count.
#define _GNU_SOURCE
#include <assert.h>
#include <error.h>

int main(void) {
  error(0, 0, "note %d", 1);
  assert(error_message_count == 1);
  error(2, 0, "fatal");
  assert(0);
  return 0;
}
