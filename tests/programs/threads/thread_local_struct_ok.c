// expect: SUCCESSFUL
// why: each thread has its own `pt`, initialised to {3, 4} when the thread first uses it:
//   the first worker sets its pt.a to 9, but the second worker starts from {3, 4} again, and
//   main's own pt is never written, so all three assertions hold. (With one shared object
//   the second worker would see pt.a == 9.)
#include <assert.h>
#include <pthread.h>

struct P {
  int a, b;
};
_Thread_local struct P pt = {3, 4};

void *work(void *arg) {
  (void)arg;
  assert(pt.a == 3 && pt.b == 4);
  pt.a = 9;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, work, 0);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, work, 0);
  pthread_join(t2, 0);
  assert(pt.a == 3);
  return 0;
}
