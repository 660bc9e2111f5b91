// function: parse
// expect: NOT EQUIVALENT
// why: on a negative argument both versions call exit, with status 2 in the old version and
// 3 in the new one; the parent process sees a different status (x = -1 distinguishes them).
#include <stdlib.h>
static void fail(int code) { exit(code); }
int parse(int x) {
  if (x < 0)
    fail(2);
  return x * 2;
}
