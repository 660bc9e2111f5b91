// flags: --function setcopy --infer-preconditions
// expect: FAILED pointer-bounds line 14
// why: as header_and_length_ok.c, but the function then writes s[len]: its precondition
//   gives `len` bytes from `s` (what memcpy needs), and the byte after them is not the
//   caller's promise. The header before `s` does not make the object any longer after
//   the `len` bytes; the write is outside them whatever the header says.
#include <string.h>

void setcopy(char *s, const char *t, size_t len) {
  unsigned char room = (unsigned char)s[-1];
  if (room < len)
    return;
  memcpy(s, t, len);
  s[len] = 0;
}
