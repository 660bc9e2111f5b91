// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: glibc's __fpending is write_ptr - write_base, the output still in the stream buffer.
//   On a fresh fmemopen stream it is 0; fputs("abc") leaves 3 bytes in the 8192-byte buffer
//   (malloc succeeds here); a successful fflush empties it. A read-only stream never has
//   pending output.
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdio_ext.h>

int main(void) {
  char buf[16];
  FILE *f = fmemopen(buf, sizeof buf, "w");
  if (f == NULL)
    return 1;
  assert(__fpending(f) == 0);
  fputs("abc", f);
  assert(__fpending(f) == 3);
  assert(__fwriting(f) && !__freading(f));
  if (fflush(f) == 0)
    assert(__fpending(f) == 0);
  fclose(f);
  f = fmemopen(buf, sizeof buf, "r");
  if (f == NULL)
    return 1;
  assert(__fpending(f) == 0 && __freading(f));
  fclose(f);
  return 0;
}
