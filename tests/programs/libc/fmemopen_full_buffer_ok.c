// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: with a 4-byte buffer, "abcdef" is accepted by the stream buffer (fputs returns 1), and
//   fflush hands it to fmemopen's write, which stores the 4 bytes that fit and then, as the
//   data reaches the end and the stream is not appending, a NUL at the last byte (glibc's
//   fmemopen_write): "abc". The write was short: fflush returns EOF and the error indicator is
//   set (_IO_cookie_write). ftell is then 4, the end of the buffer.
#include <assert.h>
#include <stdio.h>

int main(void) {
  char buf[4];
  FILE *f = fmemopen(buf, sizeof buf, "w");
  if (f == NULL)
    return 1;
  assert(fputs("abcdef", f) == 1);
  assert(fflush(f) == EOF);
  assert(ferror(f));
  assert(buf[0] == 'a' && buf[2] == 'c' && buf[3] == 0);
  assert(ftell(f) == 4);
  fclose(f);
  return 0;
}
