// flags: --force-malloc-success
// expect: FAILED assertion line 17
// why: fmemopen writes go to glibc's stream buffer (8192 bytes) first; the caller's buffer
//   changes only when the stream is flushed, sought or closed. Before fflush, buf still holds
//   the 'x' written there, so the assertion that "hi" is already in buf is violated.
#include <assert.h>
#include <stdio.h>

int main(void) {
  char buf[16];
  FILE *f;
  buf[0] = 'x';
  f = fmemopen(buf, sizeof buf, "r+");
  if (f == NULL)
    return 1;
  fputs("hi", f);
  assert(buf[0] == 'h');
  fclose(f);
  return 0;
}
