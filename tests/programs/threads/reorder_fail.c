// expect: FAILED assertion line 20
// why: (SV-COMP's reorder pattern, two threads) the setter writes a = 1 then b = -1. The
//   checker's reads see a + b == 0 only if both come before the writes or both after; it can
//   read a == 1 between the writes (a + b == 1), or read a == 0 before and b == -1 after
//   them (a + b == -1): the assertion fails.
#include <assert.h>
#include <pthread.h>

int a = 0, b = 0;

void *setter(void *arg) {
  a = 1;
  b = -1;
  return 0;
}

void *checker(void *arg) {
  int x = a;
  int y = b;
  assert(x + y == 0);
  return 0;
}

int main(void) {
  pthread_t s, c;
  pthread_create(&s, 0, setter, 0);
  pthread_create(&c, 0, checker, 0);
  pthread_join(s, 0);
  pthread_join(c, 0);
  return 0;
}
