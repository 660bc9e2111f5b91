// function: step
// expect: EQUIVALENT
// why: the new version sets the flag `neg` to 0 at the end of the else branch, after its
//   last read: every path from that store reaches the return without reading neg again, so
//   no run can see it. Once the unread store is removed the two are the same program.
double step(double x) {
    int neg;
    double r;
    if (x < 0.0) {
        neg = 1;
        r = -x;
        if (neg) {
            r = r * 2.0;
        }
    } else {
        r = x + 1.0;
    }
    return r;
}
