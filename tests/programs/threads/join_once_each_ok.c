// flags: --deadlock-check
// expect: SUCCESSFUL
// why: two threads, each joined exactly once, by the thread that created them; no lock is taken,
//   so no thread ever waits but main at its joins, and each join's thread can finish. No join
//   names a joined or unknown thread.
#include <pthread.h>

int a, b;

void *set_a(void *arg) { (void)arg; a = 1; return 0; }
void *set_b(void *arg) { (void)arg; b = 2; return 0; }

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, set_a, 0);
  pthread_create(&y, 0, set_b, 0);
  pthread_join(y, 0);
  pthread_join(x, 0);
  return a + b;
}
