// flags: --deadlock-check
// expect: FAILED thread-api line 20
// why: the worker is joined at line 19, after which it is no longer joinable; joining it again
//   at line 20 is undefined (POSIX pthread_join: the thread must be a joinable thread). Every
//   path reaches both joins, so the claim of the second one is violated; the first one holds.
#include <pthread.h>

int done;

void *worker(void *arg) {
  (void)arg;
  done = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  pthread_join(t, 0);
  return done;
}
