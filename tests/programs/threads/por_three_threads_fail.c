// expect: FAILED assertion line 24
// why: thread 3 sees a == 1 and b == 0 when it runs after thread 1's write and before
//   thread 2's. Thread 2's write and thread 1's are independent (different variables), so
//   partial-order reduction explores them in one order only, thread 1's first; thread 3's
//   reads depend on both writes, so each position of them relative to the writes is kept,
//   and the one between the two writes fails the assertion.
#include <assert.h>
#include <pthread.h>

int a = 0, b = 0;

void *set_a(void *arg) {
  a = 1;
  return 0;
}

void *set_b(void *arg) {
  b = 1;
  return 0;
}

void *check(void *arg) {
  int ra = a, rb = b;
  assert(!(ra == 1 && rb == 0));
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, set_a, 0);
  pthread_create(&t2, 0, set_b, 0);
  pthread_create(&t3, 0, check, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  return 0;
}
