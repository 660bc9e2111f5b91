// flags: --deadlock-check
// expect: FAILED deadlock line 18
// why: two dining philosophers, each taking the fork on its left then the one on its right.
//   When every philosopher holds its left fork, each waits for its right one, held by its
//   neighbour: a deadlock. A deadlock claim is stated at the call of the thread that tries to
//   wait when no other thread can run (a thread whose next call would wait counts as
//   waiting): the last philosopher to try its right fork, at line 18. Main never is: it
//   waits in a join only while the philosopher it joins can still run (and then, until it
//   finished).
#include <pthread.h>

#define N 2
pthread_mutex_t fork_[N];

void *philosopher(void *arg) {
  int i = (int)(long)arg;
  pthread_mutex_lock(&fork_[i]);
  pthread_mutex_lock(&fork_[(i + 1) % N]);
  pthread_mutex_unlock(&fork_[(i + 1) % N]);
  pthread_mutex_unlock(&fork_[i]);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_mutex_init(&fork_[i], 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, philosopher, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return 0;
}
