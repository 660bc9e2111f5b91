// expect: SUCCESSFUL
// why: each thread returns its argument times two, one by returning it and one through
//   pthread_exit; pthread_join hands each value to main, whatever the schedule.
#include <assert.h>
#include <pthread.h>

void *twice(void *arg) {
  long v = (long)arg;
  if (v > 5)
    pthread_exit((void *)(v * 2));
  return (void *)(v * 2);
}

int main(void) {
  pthread_t a, b;
  void *ra, *rb;
  pthread_create(&a, 0, twice, (void *)3);
  pthread_create(&b, 0, twice, (void *)7);
  pthread_join(a, &ra);
  pthread_join(b, &rb);
  assert((long)ra == 6);
  assert((long)rb == 14);
  return 0;
}
