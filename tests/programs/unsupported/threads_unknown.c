// expect: UNKNOWN pthread_create
// why: threads are not modelled yet; a run that reaches pthread_create cannot be decided.
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
