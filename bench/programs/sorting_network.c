/* An 8-input Batcher odd-even merge sorting network on nondeterministic ints: 19
 * compare-exchange steps, no loops. The output must be sorted. */
#include <assert.h>
static void cx(int *v, int i, int j) {
  if (v[i] > v[j]) {
    int t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
}
int main(void) {
  int v[8];
  for (int i = 0; i < 8; i++)
    v[i] = __VERIFIER_nondet_int();
  cx(v, 0, 1); cx(v, 2, 3); cx(v, 4, 5); cx(v, 6, 7);
  cx(v, 0, 2); cx(v, 1, 3); cx(v, 4, 6); cx(v, 5, 7);
  cx(v, 1, 2); cx(v, 5, 6);
  cx(v, 0, 4); cx(v, 1, 5); cx(v, 2, 6); cx(v, 3, 7);
  cx(v, 2, 4); cx(v, 3, 5);
  cx(v, 1, 2); cx(v, 3, 4); cx(v, 5, 6);
  for (int i = 0; i < 7; i++)
    assert(v[i] <= v[i + 1]);
  return 0;
}
