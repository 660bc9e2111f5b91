// expect: SUCCESSFUL
// why: __atomic_fetch_add is one indivisible read-modify-write: no interleaving of the two
//   threads loses an increment, so the counter is 2 after both joins, and each thread saw a
//   distinct old value (0 and 1), whose sum is 1.
#include <assert.h>
#include <pthread.h>

int counter = 0;
int seen[2];

void *inc(void *arg) {
  int i = (int)(long)arg;
  seen[i] = __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, (void *)0);
  pthread_create(&b, 0, inc, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  assert(seen[0] + seen[1] == 1);
  return 0;
}
