// flags: --deadlock-check
// expect: SUCCESSFUL
// why: each philosopher takes the lower-numbered of its two forks first. The forks are then
//   taken in one global order, so no cycle of waits can form: some philosopher always holds
//   both forks or can take the next one, and every thread finishes. Partial-order reduction
//   leaves out only interleavings that reach the same states as explored ones.
#include <pthread.h>
#define N 3
pthread_mutex_t fork_[N];
void *philosopher(void *arg) {
  int i = (int)(long)arg;
  int a = i, b = (i + 1) % N;
  int first = a < b ? a : b, second = a < b ? b : a;
  pthread_mutex_lock(&fork_[first]);
  pthread_mutex_lock(&fork_[second]);
  pthread_mutex_unlock(&fork_[second]);
  pthread_mutex_unlock(&fork_[first]);
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
