// expect: SUCCESSFUL
// why: the increments run inside __VERIFIER_atomic_begin/end, where no other thread runs: the
//   read and the write of x are never separated, so x is 2 after both joins.
#include <assert.h>
#include <pthread.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x = 0;

void *inc(void *arg) {
  __VERIFIER_atomic_begin();
  int t = x;
  x = t + 1;
  __VERIFIER_atomic_end();
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
