// expect: UNKNOWN thread-local
// why: each thread has its own `arr`, {1, 2, 3} when the thread first uses it, so both
//   workers see arr[2] == 3 and the program is safe. verdiff runs a thread-local's
//   initialiser again in a new thread only when it is plain assignments of constants; the
//   array's initialiser is not lowered that way, so the path that reaches the second
//   worker's first use must stop there: neither SUCCESSFUL (not everything was checked) nor
//   FAILED on the zeroed object it would otherwise start with.
#include <assert.h>
#include <pthread.h>

_Thread_local int arr[3] = {1, 2, 3};

void *work(void *arg) {
  (void)arg;
  assert(arr[2] == 3);
  arr[2] = 0;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, work, 0);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, work, 0);
  pthread_join(t2, 0);
  return 0;
}
