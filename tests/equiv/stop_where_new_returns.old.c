// function: checked
// expect: NOT EQUIVALENT
// why: for x <= 0 the old version stops in the failed assert while the new one returns x:
// how a run ends is behaviour (x = 0 distinguishes them).
#include <assert.h>
int checked(int x) { assert(x > 0); return x; }
