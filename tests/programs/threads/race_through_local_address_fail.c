// flags: --data-races-check
// expect: FAILED data-race line 24
// expect: FAILED data-race line 14
// why: main passes the address of its local x to the worker, which increments it through
//   the pointer (a read, then a write) while main also writes x, unlocked. The worker can
//   stop right before its write to *p, and main's write to the same four bytes (line 24) then
//   races with it: a write/write data race on a stack variable whose address escaped. The
//   worker's read and write of *p (line 14) race with main's pending write in the mirror
//   interleaving, so its claims there are violated too.
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
