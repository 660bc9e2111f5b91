// expect: SUCCESSFUL
// why: atoi and strtol of constant strings are exact: "-42" is -42, "0x1f" in base 16 is 31 and
//   strtol stops at the first character that is not a digit.
#include <assert.h>
#include <stdlib.h>

int main(void) {
  char *end;
  assert(atoi("-42") == -42);
  long v = strtol("0x1f!", &end, 16);
  assert(v == 31 && *end == '!');
  return 0;
}
