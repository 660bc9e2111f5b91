// flags: --atomicity-check
// expect: FAILED atomicity line 16
// why: the reader computes sum = a + b from two shared globals; the writer moves one unit
//   from a to b under a mutex, but the reader takes no lock. The reads of a and b are two
//   accesses, and the writer can run between them: the reader then adds the old a to the
//   new b (a sum of 11 that the pair never had). In the interleaving where the writer runs
//   after the reader has copied its operands and before its assignment, the operands have
//   changed: an atomicity violation at the assignment, line 16.
#include <pthread.h>

int a = 5, b = 5, sum;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *reader(void *arg) {
  (void)arg;
  sum = a + b;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  pthread_mutex_lock(&m);
  a = a - 1;
  b = b + 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
