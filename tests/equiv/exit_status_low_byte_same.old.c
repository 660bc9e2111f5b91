// function: parse
// expect: EQUIVALENT
// why: exit(2) and exit(258) give the parent the same status (status & 255 = 2), and both
// versions stop on the same inputs (x < 0) and return the same value otherwise; the return
// value of a run that stopped is never seen.
#include <stdlib.h>
int parse(int x) {
  if (x < 0)
    exit(2);
  return x + 1;
}
