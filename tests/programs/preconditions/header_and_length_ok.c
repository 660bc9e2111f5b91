// flags: --function setcopy --infer-preconditions
// expect: SUCCESSFUL
// why: `s` is handed to memcpy with `len`, so the caller must give `len` bytes from `s`; the
//   function also reads s[-1], a header the caller keeps before the pointer (as sds does).
//   The object may therefore begin before `s`: the header read is the caller's business
//   (a precondition claim) and the copy stays within the `len` bytes from `s`. Putting `s`
//   at the start of its object would make s[-1] a false FAILED.
#include <string.h>

void setcopy(char *s, const char *t, size_t len) {
  unsigned char room = (unsigned char)s[-1];
  if (room < len)
    return;
  memcpy(s, t, len);
}
