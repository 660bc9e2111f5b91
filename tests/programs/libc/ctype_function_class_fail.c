// expect: FAILED assertion line 14
// why: isspace is true for the six C-locale spaces; for c == '\v' (11), a space that is not
//   ' ', '\t', '\n' or '\r', the assertion's claim that those four are the only spaces fails.
#include <assert.h>
#include <ctype.h>

int nondet_int(void);

int main(void) {
  int c = nondet_int();
  if (c < 0 || c > 127)
    return 0;
  if (isspace(c))
    assert(c == ' ' || c == '\t' || c == '\n' || c == '\r');
  return 0;
}
