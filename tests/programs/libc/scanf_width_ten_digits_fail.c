// expect: FAILED assertion line 9
// why: "%10d" admits 9999999999, which int (at most 2147483647) cannot hold: undefined (C11
//   7.21.6.2p10). One digit less cannot overflow: see scanf_width_fits_ok.c.
#include <stdio.h>

int main(void) {
  int n = 0;
  int r;
  r = scanf("%10d", &n);
  return r == 1 ? n : 0;
}
