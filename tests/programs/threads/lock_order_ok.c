// flags: --deadlock-check
// expect: SUCCESSFUL
// why: both threads take a before b: whichever holds a also gets b (the other waits for a
//   without holding anything), so no thread waits for a mutex held by a waiting thread, and
//   main's joins wait only for threads that can finish.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *t(void *arg) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t, 0);
  pthread_create(&y, 0, t, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
