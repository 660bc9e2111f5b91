// expect: FAILED assertion line 27
// why: both threads get a pointer to the same array element (through their argument) and
//   increment it with a separate read and write: the second thread's read can come between
//   the first's, so one increment is lost and cells[1] is 1 after both joins.
#include <assert.h>
#include <pthread.h>

int cells[3];

void *bump(void *p) {
  int *c = p;
  int v = *c;
  *c = v + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  int i = 1;
  pthread_create(&a, 0, bump, &cells[i]);
  pthread_create(&b, 0, bump, &cells[i]);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(cells[0] == 0 && cells[2] == 0);
  // the lost update
  assert(cells[1] >= 1);
  assert(cells[1] == 2);
  return 0;
}
