// flags: --deadlock-check
// expect: SUCCESSFUL
// why: two dining philosophers that take the lower-numbered of their two forks first: the
//   forks are taken in one global order, so no cycle of philosophers each holding a fork the
//   next one waits for can form, and every philosopher finishes.
#include <pthread.h>

#define N 2
pthread_mutex_t fork_[N];

void *philosopher(void *arg) {
  int i = (int)(long)arg;
  int a = i, b = (i + 1) % N;
  int lo = a < b ? a : b, hi = a < b ? b : a;
  pthread_mutex_lock(&fork_[lo]);
  pthread_mutex_lock(&fork_[hi]);
  pthread_mutex_unlock(&fork_[hi]);
  pthread_mutex_unlock(&fork_[lo]);
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
