// expect: SUCCESSFUL
// why: the wronglock program with one mutex for both threads: the writer's store happens
//   before or after both of the checker's reads, never between them, so they are equal; the
//   checker's result comes back through pthread_join.
#include <assert.h>
#include <pthread.h>

int data = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  data = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *checker(void *arg) {
  int a, b;
  pthread_mutex_lock(&m);
  a = data;
  b = data;
  pthread_mutex_unlock(&m);
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
