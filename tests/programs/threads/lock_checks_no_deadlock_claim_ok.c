// flags: --lock-order-check
// expect: SUCCESSFUL
// why: the two threads take the locks in opposite orders, so they can deadlock (the same program
//   with --deadlock-check is lock_order_deadlock_fail.c). ESBMC's --lock-order-check checks the
//   misuse of locks, not deadlocks: a path on which both threads wait just ends there. Every
//   unlock is of a mutex the thread holds and nothing is destroyed, so no claim fails.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

void *ab(void *arg) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return arg;
}

void *ba(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return arg;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, ab, 0);
  pthread_create(&y, 0, ba, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
