// flags: --context-bound 1
// expect: SUCCESSFUL
// why: the lost update of lost_update_fail.c, explored with at most one context switch (every
//   change of the running thread counts, as in ESBMC). Losing an update needs thread 1 to be
//   switched away from between its read and its write (one switch) after it got to run at all
//   (another: main created it and keeps running until it waits in a join, or until a switch).
//   With one switch the two increments run one after the other, so x is 2: within the bound
//   the assertion holds.
#include <assert.h>
#include <pthread.h>

int x = 0;

void *inc(void *arg) {
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
