// flags: --data-races-check
// expect: SUCCESSFUL
// why: each worker writes only its own cell of the shared array (a[0] and a[1] are different
//   bytes), and main reads the cells only after joining both workers. Accesses to different
//   bytes never race, even without a lock; so the race check must compare addresses, not
//   just the array's name.
#include <pthread.h>
#include <assert.h>

int a[2];

void *work(void *arg) {
  int i = *(int *)arg;
  a[i] = i + 1;
  return 0;
}

int main(void) {
  pthread_t t0, t1;
  int i0 = 0, i1 = 1;
  pthread_create(&t0, 0, work, &i0);
  pthread_create(&t1, 0, work, &i1);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  assert(a[0] == 1 && a[1] == 2);
  return 0;
}
