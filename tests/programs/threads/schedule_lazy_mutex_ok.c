// flags: --schedule lazy
// expect: SUCCESSFUL
// why (mode): --schedule lazy proves only after solving every interleaving of the reduced
//   set (one per order of dependent steps); none violates the assertion.
// why: both increments are inside the same mutex: the read and the write of one thread can
//   not be separated by the other thread's (a thread that finds the mutex held waits until it
//   is released), so after both joins x is 2 in every schedule.
#include <assert.h>
#include <pthread.h>

int x = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
