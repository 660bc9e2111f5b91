// flags: --data-races-check
// expect: SUCCESSFUL
// why: both threads touch the shared counter only while holding the same mutex, so the lock
//   orders every pair of accesses: a thread that is about to write the counter holds the
//   mutex, and the other cannot reach its own access until the unlock, after the write
//   ended. The read in main after the join is ordered by the join. No data race.
#include <pthread.h>
#include <assert.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *arg) {
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(counter == 2);
  return 0;
}
