// expect: FAILED assertion line 28
// why: y becomes 1 only if thread 2 reads x before thread 1 writes it: the higher-numbered
//   thread's step first. The two steps touch the same x and one writes, so they are
//   dependent and partial-order reduction keeps both orders; then both joins return and x
//   is 1 with y 1, which the assertion excludes.
#include <assert.h>
#include <pthread.h>

int x = 0, y = 0;

void *writer(void *arg) {
  x = 1;
  return 0;
}

void *reader(void *arg) {
  if (x == 0)
    y = 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(x == 1 && y == 1));
  return 0;
}
