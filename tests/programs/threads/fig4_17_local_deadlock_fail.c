// flags: --deadlock-check
// expect: FAILED deadlock line 23
// expect: FAILED deadlock line 36
// why: the thesis's Fig. 4.17 (two of its four threads). Thread 1 takes m, A becomes 1, it
//   takes l and releases m. Thread 2 takes m, B becomes 1, and it waits for l while holding
//   m. Thread 1 must take m again to release l: it waits for m, held by thread 2, which
//   waits for l, held by thread 1 (a local deadlock; main then waits in its join). The same
//   with the roles swapped. A deadlock claim is stated at the call of the thread that tries
//   to wait when no other thread can run (a thread whose next call would wait counts as
//   waiting). That is the lock of l: when it is tried, the other thread either is at its
//   second lock of m, which waits (m is held by the thread trying l), or could still run.
//   The second lock of m is never that call: the thread that tries it while m is held finds
//   the holder of m still able to run (it has not yet tried l). Main's join is not either:
//   main gets to it only while thread 1 can run, and waits there until thread 1 finished.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, l = PTHREAD_MUTEX_INITIALIZER;
int A = 0, B = 0;

void *t1(void *arg) {
  pthread_mutex_lock(&m);
  A++;
  if (A == 1) pthread_mutex_lock(&l); // T1L
  pthread_mutex_unlock(&m);
  // perform class A operation
  pthread_mutex_lock(&m); // T1M
  A--;
  if (A == 0) pthread_mutex_unlock(&l);
  pthread_mutex_unlock(&m);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_lock(&m);
  B++;
  if (B == 1) pthread_mutex_lock(&l); // T2L
  pthread_mutex_unlock(&m);
  // perform class B operation
  pthread_mutex_lock(&m); // T2M
  B--;
  if (B == 0) pthread_mutex_unlock(&l);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t id1, id2;
  pthread_create(&id1, 0, t1, 0);
  pthread_create(&id2, 0, t2, 0);
  pthread_join(id1, 0); // JOIN1
  pthread_join(id2, 0);
  return 0;
}
