// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: fmemopen(buf, 16, "w+") empties buf (POSIX: a NUL at buf[0]); fputs("hi") puts 2 bytes
//   in glibc's stream buffer; fflush writes them at position 0 with a NUL after them (there
//   is room). rewind goes back to 0, and fgets reads up to the end of the data (position 2):
//   "hi", never NULL. The stream was opened for update, so nothing sets the error indicator.
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[16];
  char line[8];
  FILE *f = fmemopen(buf, sizeof buf, "w+");
  if (f == NULL)
    return 1;
  assert(fputs("hi", f) >= 0);
  assert(fflush(f) == 0);
  assert(buf[0] == 'h' && buf[1] == 'i' && buf[2] == 0);
  rewind(f);
  assert(fgets(line, sizeof line, f) == line);
  assert(strcmp(line, "hi") == 0);
  assert(!ferror(f));
  fclose(f);
  return 0;
}
