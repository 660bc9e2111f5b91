// flags: --function take --infer-preconditions
// expect: SUCCESSFUL
// why: take() is verified in its context: the semaphore is the caller's object, valid and
//   initialised by the caller before the call (sem_init ran outside what is verified), so
//   neither the wait nor the post uses it uninitialised; the wait either takes a unit or
//   waits (a path that can only wait does not go on), and the post gives it back.
#include <semaphore.h>

int take(sem_t *s) {
  sem_wait(s);
  sem_post(s);
  return 0;
}
