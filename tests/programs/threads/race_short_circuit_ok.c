// flags: --data-races-check
// expect: SUCCESSFUL
// why: main reads g only in the right operand of `done && g`, i.e. only after seeing done set;
//   the worker sets done under the mutex after its write to g ended, and main reads done under
//   the same mutex. So whenever main evaluates g the worker's write is over and ordered
//   before by the mutex. A check that did not follow the short circuit would report a race
//   on g for runs where main never reads it.
#include <pthread.h>

int g, done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
  pthread_mutex_lock(&m);
  g = 7;
  done = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  pthread_mutex_lock(&m);
  int d = done;
  pthread_mutex_unlock(&m);
  int r = d && g;
  pthread_join(t, 0);
  return r;
}
