// flags: --memory-leak-check
// expect: FAILED memory-leak line 11
// why: (Cordeiro's thesis, Fig. 3.8) the first malloc (line 11) becomes unreachable when p is
//   overwritten on line 13; only the second and third objects are freed. A leak claim is
//   checked where the program ends and is located at the allocation site of the object it is
//   about, so the violated claim is the one of line 11. --force-malloc-success is not needed: a NULL first result would leak
//   nothing, but the non-NULL outcome is possible and leaks 5 bytes.
#include <stdlib.h>

int main(void) {
  char *p = malloc(5);
  char *q = malloc(5);
  p = q;
  free(p);
  p = malloc(5);
  free(p);
}
