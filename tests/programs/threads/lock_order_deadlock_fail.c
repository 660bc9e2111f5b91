// flags: --deadlock-check
// expect: FAILED deadlock line 26
// why: thread 1 takes a then b, thread 2 takes b then a. When each holds its first mutex, each
//   waits for the other's: neither can go on, and main waits in its first join. A deadlock
//   claim is stated at the call of the thread that tries to wait when no other thread can
//   run (a thread whose next call would wait counts as waiting): that is one of the two
//   second locks, whichever is tried last. Partial-order reduction explores one order of
//   independent steps, the one with the lower-numbered thread first (lexicographic normal
//   form): the two second locks touch different mutexes, so thread 1's (line 18) is tried
//   first and thread 2's (line 26) last, where the claim fails. Main's join is never that
//   call: main would wait there, so it is scheduled only once no other thread can go on.
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *t1(void *arg) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b); // T1B
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a); // T2A
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0); // JOIN1
  pthread_join(y, 0);
  return 0;
}
