#include <stdio.h>
#include <string.h>
void banner(int x) {
  char line[80];
  memset(line, '=', 69);
  line[69] = (x > 0) ? '*' : '-';
  line[70] = 0;
  puts(line);
}
