// flags: --deadlock-check
// expect: FAILED deadlock line 22
// why: the waiter waits without checking a predicate, so a signal sent before it waits is lost
//   (no thread waits on the condition then). If the signaller runs first and finishes, the
//   waiter waits for a signal nobody can send: a deadlock. A deadlock claim is stated at the
//   call of the thread that tries to wait when no other thread can run (a waiter no signal
//   reached since it began to wait counts as waiting): at the wait, since main, whose joins
//   would wait, is scheduled only once no other thread can go on. (A spurious wake-up could
//   still end the wait, but a program that relies on one hangs in practice.)
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *signaller(void *arg) {
  pthread_cond_signal(&c);
  return 0;
}

void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t s, w;
  pthread_create(&w, 0, waiter, 0);
  pthread_create(&s, 0, signaller, 0);
  pthread_join(s, 0);
  pthread_join(w, 0);
  return 0;
}
