// function: scale
// expect: EQUIVALENT
// why: both versions abort exactly when k == 0 (the new one inside a helper two calls deep,
// after a write that the stop makes unobservable) and return k * 10 otherwise.
#include <stdlib.h>
int scale(int k) {
  if (k == 0)
    abort();
  return k * 10;
}
