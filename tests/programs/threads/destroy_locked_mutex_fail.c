// flags: --deadlock-check
// expect: FAILED thread-api line 25
// why: main takes the mutex at line 24 and destroys it at line 25 while it holds it, which is
//   undefined (POSIX pthread_mutex_destroy: destroying a locked mutex). The worker was joined
//   before, so it cannot be the one holding or waiting; the violation is main's own, on every
//   path.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int n;

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_destroy(&m);
  return n;
}
