// flags: --deadlock-check
// expect: SUCCESSFUL
// why: the mutex is destroyed after the worker was joined (so it released it: its lock and
//   unlock are paired) and main unlocked it at line 24: it is unlocked when destroyed.
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
  n++;
  pthread_mutex_unlock(&m);
  pthread_mutex_destroy(&m);
  return n;
}
