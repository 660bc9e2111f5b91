// expect: SUCCESSFUL
// why: `counter` is _Thread_local and `tag` is GCC's __thread: each thread has its own
//   objects, initialised from the declarations (0 and 7) when the thread starts, whatever
//   the other threads wrote into theirs. Each worker sees 0 and 7 at its start, adds 3 to
//   its own counter, and main's own objects stay 0 and 7 after both workers ran. With
//   one shared object (thread_shared_counter_fail.c) the second worker would start at 3.
#include <assert.h>
#include <pthread.h>

_Thread_local int counter = 0;
__thread int tag = 7;

void *work(void *arg) {
  (void)arg;
  assert(counter == 0 && tag == 7);
  counter = counter + 3;
  tag = 1;
  assert(counter == 3);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 0 && tag == 7);
  return 0;
}
