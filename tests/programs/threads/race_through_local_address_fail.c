// flags: --data-races-check
// expect: FAILED data-race line 21
// why: main passes the address of its local x to the worker, which increments it through
//   the pointer (a read, then a write) while main also writes x, unlocked. The worker can
//   stop with its write to *p announced, and main's write to the same four bytes (line 21) then
//   races with it: a write/write data race on a stack variable whose address escaped.
#include <pthread.h>

void *work(void *arg) {
  int *p = arg;
  *p = *p + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  int x = 0;
  pthread_create(&t, 0, work, &x);
  // (some work of main's own; the write races with the worker's)
  int y = 5;
  x = y;
  pthread_join(t, 0);
  return 0;
}
