// flags: --data-races-check
// expect: FAILED data-race line 20
// why: the worker writes g while main reads it, and nothing orders the two accesses: no lock,
//   no join before the read. In the interleaving where the worker is about to write g (the
//   write announced, not yet made) and main runs its read, the two accesses are concurrent:
//   a read/write data race on g at main's read, line 20. (The worker's write, line 13, is
//   the other half; the claim is the access that finds the other pending.)
#include <pthread.h>

int g;

void *writer(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int l = g;
  pthread_join(t, 0);
  return l;
}
