// flags: --atomicity-check
// expect: SUCCESSFUL
// why: the same transfer and sum as atomicity_operands_fail.c, but the reader holds the
//   mutex around its assignment. The writer's two writes happen while it holds the mutex,
//   so no write of a or b can come between the reader's reads of them and its assignment:
//   every assignment sees operands that do not change while it runs. (main's own updates,
//   `a = a - 1` and `b = b + 1`, read and write under the mutex too.)
#include <pthread.h>

int a = 5, b = 5, sum;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  sum = a + b;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  pthread_mutex_lock(&m);
  a = a - 1;
  b = b + 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
