// function: banner
// expect: UNKNOWN characters
// why: the versions print a 70-character line built in a buffer (they differ in its last
// character); verdiff compares printed strings up to 64 characters and must not call a
// longer one equal.
#include <stdio.h>
#include <string.h>
void banner(int x) {
  char line[80];
  memset(line, '=', 69);
  line[69] = (x > 0) ? '+' : '-';
  line[70] = 0;
  puts(line);
}
