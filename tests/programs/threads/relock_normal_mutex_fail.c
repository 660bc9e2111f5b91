// flags: --deadlock-check
// expect: FAILED deadlock line 19
// why: main locks the normal (default-kind) mutex at line 18 and again at line 19. A normal
//   mutex does not count relocks: the second lock waits for the owner, main itself, to unlock
//   it (POSIX: relocking a PTHREAD_MUTEX_NORMAL deadlocks). The worker has been joined, so no
//   other thread can go on: the deadlock is stated at line 19. (A recursive mutex would nest,
//   an error-checking one return EDEADLK.)
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}
