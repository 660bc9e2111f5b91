// expect: FAILED assertion line 15
// why: a stream opened with "r" has no write access: glibc's fputc fails with EOF and sets the
//   error indicator (EBADF), whatever malloc does. So ret == EOF and ferror is nonzero; the
//   assertion that the write succeeded is violated on every run that opens the stream.
#include <assert.h>
#include <stdio.h>

int main(void) {
  char buf[16] = "abc";
  FILE *f = fmemopen(buf, sizeof buf, "r");
  if (f == NULL)
    return 1;
  int ret = fputc('X', f);
  assert(ret == EOF && ferror_unlocked(f));
  assert(ret != EOF);
  fclose(f);
  return 0;
}
