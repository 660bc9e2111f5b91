// function: checked
// expect: UNKNOWN stops
// why: for x <= 0 the old version stops in the failed assert while the new one returns x; the
// product does not compare termination, so the answer must not be EQUIVALENT.
#include <assert.h>
int checked(int x) { assert(x > 0); return x; }
