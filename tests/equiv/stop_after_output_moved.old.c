// function: report
// expect: NOT EQUIVALENT
// why: for a negative value the old version prints its error line and then exits with 1;
// the new version exits first and never prints it: the output before the stop differs
// (v = -1).
#include <stdio.h>
#include <stdlib.h>
int report(int v) {
  if (v < 0) {
    printf("negative\n");
    exit(1);
  }
  return v;
}
