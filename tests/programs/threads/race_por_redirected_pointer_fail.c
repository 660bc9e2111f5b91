// flags: --data-races-check --multi-property
// expect: FAILED data-race line 22
// expect: FAILED data-race line 28
// why: `redirect` points `p` at `b` under the lock; `store` copies `p` under the lock and then
//   writes through its copy without it, so when `redirect` ran first it writes `b` (line 22)
//   while `load` reads `b` (line 28) with nothing ordering the two: a write/read race on `b`,
//   stated at both accesses (each when the other thread stands before its own). The race
//   needs three threads in one order, and partial-order reduction (on with race claims) must
//   keep it: the write's address comes from a step of a third thread.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int a, b;
int *p = &a;

void *store(void *arg) {
  (void)arg;
  int *q;
  pthread_mutex_lock(&m);
  q = p;
  pthread_mutex_unlock(&m);
  *q = 1;
  return 0;
}

void *load(void *arg) {
  (void)arg;
  return (void *)(long)b;
}

void *redirect(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  p = &b;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t x, y, z;
  pthread_create(&x, 0, store, 0);
  pthread_create(&y, 0, load, 0);
  pthread_create(&z, 0, redirect, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  pthread_join(z, 0);
  return a;
}
