// function: smooth
// expect: EQUIVALENT
// why: the new version adds a debug branch, `if (DEBUG) printf(...)` with DEBUG defined as
//   0. Its condition is the constant 0, so the branch never runs and the print never
//   happens: no run can tell the two apart. Once the branch is decided and the code behind
//   it removed, the two are the same program.
#include <stdio.h>
double smooth(double a[8]) {
    double s = 0.0;
    for (int i = 0; i < 8; i++) {
        s = 0.75 * s + 0.25 * a[i];
    }
    return s;
}
