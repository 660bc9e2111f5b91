// flags: --deadlock-check
// expect: FAILED deadlock line 18
// why: three philosophers each take their left fork, then their right (fork (i + 1) % 3).
//   When each holds its left fork, each waits for the next one's: a deadlock, stated at the
//   call of the thread that tries to wait last: a philosopher's second lock (line 18); main
//   tries its join only once no philosopher can go on, and then the deadlock was already
//   stated where the last philosopher tried its second fork. Partial-order reduction
//   keeps that state: every state a program can reach is reached by an interleaving in
//   lexicographic normal form, and the locks of different forks are independent.
#include <pthread.h>
#define N 3
pthread_mutex_t fork_[N];
void *philosopher(void *arg) {
  int i = (int)(long)arg;
  int a = i, b = (i + 1) % N;
  int first = a, second = b;
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
