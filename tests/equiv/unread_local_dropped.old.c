// function: scale
// expect: EQUIVALENT
// why: the old version computes dum = v / pow(2.0, v) in every round and never reads dum;
//   the new version drops that line. Floating-point division and pow have no effect and
//   cannot be undefined (an infinite or NaN result is a value), so no run can tell the two
//   apart: they compute the same v. Once the unread local is removed the two are the same
//   program (tests/equiv.rs checks that this is how the answer is found).
#include <math.h>
double scale(double x) {
    double v = x;
    double dum = 0;
    for (int i = 0; i < 300; i++) {
        v = v * 0.5 + 1.0;
        dum = v / pow(2.0, v);
    }
    return v;
}
