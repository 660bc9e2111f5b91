// expect: FAILED assertion line 23
// why: `counter = counter + 1` on an _Atomic int is an atomic load and then a separate atomic
//   store (only compound assignment and ++/-- are one read-modify-write): thread 1 can load 0,
//   thread 2 load 0 and store 1, thread 1 store 1, so counter is 1 after both joins and the
//   assertion is false on that interleaving. (ESBMC regression github_3955_3.)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter = 0;

void *increment(void *arg) {
  counter = counter + 1;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, increment, NULL);
  pthread_create(&t2, NULL, increment, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(counter == 2);
  return 0;
}
