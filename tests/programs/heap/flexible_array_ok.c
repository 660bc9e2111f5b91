// flags: --force-malloc-success
// expect: SUCCESSFUL
// why: the object has room for the header and 3 trailing ints, so data[0..2] are in bounds.
#include <assert.h>
#include <stdlib.h>

struct msg {
  int len;
  int data[];
};

int main(void) {
  struct msg *m = malloc(sizeof(struct msg) + 3 * sizeof(int));
  m->len = 3;
  m->data[2] = 5;
  assert(m->data[2] == 5 && m->len == 3);
  free(m);
  return 0;
}
