// expect: FAILED assertion line 14
// why: the same program as thread_local_ok.c with one shared counter: the first worker
//   counts it to 3, and the second worker, started after the first finished (create a,
//   join a, create b), finds 3 at its start, so its assertion counter == 0 fails on line 14.
#include <assert.h>
#include <pthread.h>

int counter = 0;

void *work(void *arg) {
  (void)arg;
  assert(counter == 0 || counter == 3);
  int start = counter;
  assert(start == 0);
  for (int i = 0; i < 3; i++)
    counter++;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_join(a, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(b, 0);
  return 0;
}
