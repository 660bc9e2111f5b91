// flags: --unwind 3 --no-unwinding-assertions
// expect: SUCCESSFUL
// why: a one-slot buffer guarded by a mutex, with a condition variable each way; each side
//   waits in a loop on its predicate, so a spurious wake-up (which POSIX allows, and verdiff
//   models) only makes it wait again. The consumer takes the item only when `full` is set,
//   which the producer does after storing 42: it always reads 42. The loops are cut at the
//   bound (--no-unwinding-assertions: a wait that wakes spuriously three times is not
//   followed further), which can only drop executions, never make one up.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER, not_full = PTHREAD_COND_INITIALIZER;
int full = 0, slot = 0;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  while (full)
    pthread_cond_wait(&not_full, &m);
  slot = 42;
  full = 1;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (!full)
    pthread_cond_wait(&not_empty, &m);
  int got = slot;
  full = 0;
  pthread_cond_signal(&not_full);
  pthread_mutex_unlock(&m);
  assert(got == 42);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
