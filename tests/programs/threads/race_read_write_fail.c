// flags: --data-races-check
// expect: FAILED data-race line 22
// expect: FAILED data-race line 15
// why: the worker writes g while main reads it, and nothing orders the two accesses: no lock,
//   no join before the read. In the interleaving where the worker is about to write g (preempted
//   right before the write) and main runs its read, the two accesses are concurrent:
//   a read/write data race on g at main's read, line 22. The worker's write, line 15, is
//   the other half: in the interleaving where main stands before its read and the worker
//   writes, the worker's claim finds main's read pending. Both claims are violated.
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
