// flags: --deadlock-check
// expect: SUCCESSFUL
// why: a semaphore initialised to 1 is a mutex: each thread's read and write of x happen
//   while it holds the only unit, so no increment is lost (x is 2), and a thread that finds
//   the value 0 waits only until the holder posts it, which the holder always does.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

sem_t s;
int x = 0;

void *inc(void *arg) {
  sem_wait(&s);
  x = x + 1;
  sem_post(&s);
  return 0;
}

int main(void) {
  pthread_t a, b;
  sem_init(&s, 0, 1);
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
