// function: show
// expect: NOT EQUIVALENT
// why: both versions print the buffer they fill; for odd x the old version prints "b" and the
// new one "c" (x = 1): what is printed through a pointer is output, compared by its text.
#include <stdio.h>
void show(int x) {
  char buf[4];
  buf[0] = (x & 1) ? 'b' : 'a';
  buf[1] = '\n';
  buf[2] = 0;
  printf("%s", buf);
}
