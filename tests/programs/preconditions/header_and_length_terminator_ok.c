// flags: --function setcopy --infer-preconditions
// expect: SUCCESSFUL
// why: `memcpy(s, t, len)` needs `len` bytes of `s` and of `t`: the caller gives at least
//   that many. The terminator written at s[len] after them is not the function's bug: the
//   caller may own room for it (sds allocates len + 1), so it is something the function
//   needs of its caller (a NEEDED precondition claim), not a violation. The header read
//   s[-1] is the caller's business too.
#include <string.h>

void setcopy(char *s, const char *t, size_t len) {
  unsigned char room = (unsigned char)s[-1];
  if (room < len)
    return;
  memcpy(s, t, len);
  s[len] = 0;
}
