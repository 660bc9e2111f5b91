// flags: --data-races-check
// expect: FAILED data-race line 18
// expect: FAILED data-race line 25
// why: the worker copies three bytes into buf[4..6] with memcpy while main reads buf[5],
//   unlocked and before the join: the library call's write and main's read touch byte 5 at
//   the same time, a race. The write happens inside memcpy, whose pointer argument is a
//   `void *` that says nothing of the bytes it covers: the check must take the rest of the
//   object from the pointer (a race missed there would be a false SUCCESSFUL). Both halves
//   are claims: the copy at line 18 (main stands before its read) and the read at line 25
//   (the worker stands before its copy).
#include <pthread.h>
#include <string.h>

char buf[8];

void *worker(void *arg) {
  (void)arg;
  memcpy(buf + 4, "abc", 3);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = buf[5];
  pthread_join(t, 0);
  return c;
}
