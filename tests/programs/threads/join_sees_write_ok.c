// expect: SUCCESSFUL
// why: main reads g only after pthread_join returned, which it does only once the worker has
//   finished, after its write of 1: in every schedule g is 1 at the assertion.
#include <pthread.h>
#include <assert.h>

int g;
void *worker(void *arg) {
  g = 1;
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  assert(g == 1);
  return 0;
}
