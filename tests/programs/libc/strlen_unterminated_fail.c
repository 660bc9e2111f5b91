// expect: FAILED pointer-bounds line 9
// why: the array holds 4 non-zero chars and no terminator, so strlen reads past its end looking
//   for one.
#include <string.h>

int main(void) {
  char s[4] = {'a', 'b', 'c', 'd'};
  unsigned long n;
  n = strlen(s);
  return (int)n;
}
