// flags: --lock-order-check
// expect: FAILED thread-api line 18
// why: the mutex is destroyed at line 17 and again at line 18 with no pthread_mutex_init in
//   between: destroying a destroyed mutex is undefined (POSIX). ESBMC's --lock-order-check turns
//   on the claims of lock misuse (ESBMC's regression github_6476-double-destroy_fail is the
//   single-threaded case); the thread does nothing with the mutex, so no other claim fails.
#include <pthread.h>

pthread_mutex_t m;

void *idle(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_mutex_init(&m, 0);
  pthread_create(&t, 0, idle, 0);
  pthread_mutex_destroy(&m);
  pthread_mutex_destroy(&m);
  pthread_join(t, 0);
  return 0;
}
