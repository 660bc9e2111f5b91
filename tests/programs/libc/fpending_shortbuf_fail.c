// expect: FAILED assertion line 18
// why: glibc's stream buffer is malloc'd (8192 bytes) at the first write; when that malloc
//   fails, glibc falls back to the 1-byte _shortbuf, and fputs("hello") then writes all five
//   bytes through at once (_IO_new_file_xsputn: blocks of a buffer under 128 bytes are not
//   kept), leaving __fpending == 0. Without --force-malloc-success an allocation may fail, so
//   "something is pending after a write" is not guaranteed.
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdio_ext.h>

int main(void) {
  char buf[32];
  FILE *f = fmemopen(buf, sizeof buf, "w+");
  if (f == NULL)
    return 1;
  fputs("hello", f);
  assert(__fpending(f) > 0);
  fclose(f);
  return 0;
}
