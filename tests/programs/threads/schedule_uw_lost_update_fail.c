// flags: --schedule uw
// expect: FAILED assertion line 27
// why (mode): --schedule uw first forbids every preemption (no violation then: each
//   thread runs whole), then allows those the unsat core names, which lets the
//   interleaving below through.
// why: x = x + 1 is a read and a write of the shared x; thread 1 can read 0, the scheduler
//   switch to thread 2 before thread 1 writes, thread 2 read 0 and write 1, then thread 1
//   write 1: after both joins x is 1 (a lost update), and the assertion x == 2 fails.
#include <assert.h>
#include <pthread.h>

int x = 0;

void *inc(void *arg) {
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  // every schedule ends with x in {1, 2}
  assert(x >= 1);
  assert(x == 2);
  return 0;
}
