// expect: FAILED thread-api line 11
// why: the semaphore is never given a value with sem_init; POSIX leaves a sem_wait on it
//   undefined, which verdiff reports at the first use (the thread's sem_wait runs in every
//   schedule before main's join returns).
#include <pthread.h>
#include <semaphore.h>

sem_t s;

void *t(void *arg) {
  sem_wait(&s);
  sem_post(&s);
  return 0;
}

int main(void) {
  pthread_t a;
  pthread_create(&a, 0, t, 0);
  pthread_join(a, 0);
  return 0;
}
