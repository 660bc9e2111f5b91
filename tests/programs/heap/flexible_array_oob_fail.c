// flags: --force-malloc-success
// expect: FAILED pointer-bounds line 15
// why: the object has room for the header and 3 trailing ints only; data[3] lies past its end.
#include <stdlib.h>

struct msg {
  int len;
  int data[];
};

int main(void) {
  struct msg *m = malloc(sizeof(struct msg) + 3 * sizeof(int));
  m->len = 3;
  m->data[2] = 5;
  m->data[3] = 6;
  free(m);
  return 0;
}
