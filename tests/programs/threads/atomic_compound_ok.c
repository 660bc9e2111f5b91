// expect: SUCCESSFUL
// why: on an _Atomic object, `+=`, `++` and `--` are each one indivisible read-modify-write
//   (C11 6.5.16.2p3, 6.5.2.4p2), so no interleaving of the two threads loses an update: the
//   counter (an atomic_int, i.e. `_Atomic int`) gets +2 then +1 from each thread, and the
//   struct member (declared `_Atomic(int)`, updated through a pointer) gets ++ then -- then ++
//   from each: 6 and 2 after both joins. The value of a pre-increment is the value it wrote,
//   so each thread sees 1 or 2, never 0.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter = 0;
struct stats {
  int id;
  _Atomic(int) hits;
} s;

void *worker(void *arg) {
  struct stats *p = arg;
  counter += 2;
  counter++;
  int mine = ++p->hits;
  assert(mine == 1 || mine == 2);
  p->hits--;
  p->hits++;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, &s);
  pthread_create(&t2, NULL, worker, &s);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(counter == 6);
  assert(s.hits == 2);
  return 0;
}
