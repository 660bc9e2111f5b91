// flags: --overflow-check
// expect: FAILED assertion line 9
// why: a field width of 25 digits admits numbers far beyond INT_MAX, and C11 7.21.6.2p10 makes
//   storing a converted value the object cannot represent undefined; the input is arbitrary.
#include <stdio.h>

int main(void) {
  int n = 0;
  if (scanf("%1000000000000000000000000d", &n) != 1)
    return 1;
  return n;
}
