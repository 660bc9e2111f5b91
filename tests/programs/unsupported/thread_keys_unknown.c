// expect: UNKNOWN pthread_key_create
// why: thread-specific data (pthread_key_create, pthread_setspecific) is not modelled; a run
//   that reaches it cannot be decided, and verdiff says where.
#include <pthread.h>
#include <assert.h>

pthread_key_t key;

int main(void) {
  int v = 3;
  pthread_key_create(&key, 0);
  pthread_setspecific(key, &v);
  assert(*(int *)pthread_getspecific(key) == 3);
  return 0;
}
