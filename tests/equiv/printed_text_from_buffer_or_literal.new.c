#include <stdio.h>
void answer(int x) {
  char b[8];
  if (x > 0) {
    b[0] = 'y'; b[1] = 'e'; b[2] = 's'; b[3] = 0; b[4] = 'z';
  } else {
    b[0] = 'n'; b[1] = 'o'; b[2] = 0; b[3] = 'q';
  }
  puts(b);
}
