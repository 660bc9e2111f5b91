// expect: SUCCESSFUL
// why: each thread increments its own array element (the pointers differ): no interleaving of
//   the reads and writes can lose an update, so each element is 1 after both joins.
#include <assert.h>
#include <pthread.h>

int cells[2];

void *bump(void *p) {
  int *c = p;
  int v = *c;
  *c = v + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, bump, &cells[0]);
  pthread_create(&b, 0, bump, &cells[1]);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(cells[0] == 1 && cells[1] == 1);
  return 0;
}
