// flags: --memory-leak-check
// expect: SUCCESSFUL
// why: Fig. 3.8 with the first object freed before p is overwritten: every object that malloc
//   returns is freed exactly once (free(NULL) is a no-op when malloc fails), nothing leaks.
#include <stdlib.h>

int main(void) {
  char *p = malloc(5);
  char *q = malloc(5);
  free(p);
  p = q;
  free(p);
  p = malloc(5);
  free(p);
}
