// expect: FAILED assertion line 10
// why: timer_create may fail (EAGAIN: the system's timer limit), returning -1.
#include <assert.h>
#include <time.h>

int main(void) {
  timer_t id;
  int r = timer_create(CLOCK_MONOTONIC, NULL, &id);
  assert(r == 0 || r == -1);
  assert(r == 0);
  timer_delete(id);
  return 0;
}
