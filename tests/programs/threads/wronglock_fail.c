// expect: FAILED assertion line 35
// why: (SV-COMP's wronglock pattern) the two threads guard the same counter with different
//   mutexes, so they exclude nothing: the writer can store 1 between the checker's two reads
//   of `data`, which then differ.
#include <assert.h>
#include <pthread.h>

int data = 0;
pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t mb = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  pthread_mutex_lock(&ma);
  data = 1;
  pthread_mutex_unlock(&ma);
  return 0;
}

void *checker(void *arg) {
  int a, b;
  pthread_mutex_lock(&mb);
  a = data;
  b = data;
  pthread_mutex_unlock(&mb);
  return (void *)(long)(a == b);
}

int main(void) {
  pthread_t w, c;
  void *same;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&c, 0, checker, 0);
  pthread_join(w, 0);
  pthread_join(c, &same);
  assert(same != 0);
  return 0;
}
