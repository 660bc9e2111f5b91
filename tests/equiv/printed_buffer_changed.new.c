#include <stdio.h>
void show(int x) {
  char buf[4];
  buf[0] = (x & 1) ? 'c' : 'a';
  buf[1] = '\n';
  buf[2] = 0;
  printf("%s", buf);
}
