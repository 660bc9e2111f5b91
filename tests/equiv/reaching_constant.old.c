// function: accumulate
// expect: EQUIVALENT
// why: the new version adds `d` to b before the loop, where d still holds its initial 0.0
//   on the only path there (its other assignment is in the loop, after). The old version
//   adds 0.0. Both then run the same loop (d is assigned there and never read after), so
//   they compute the same b. Once the read of d is replaced by 0.0 and the unread store in
//   the loop removed, the two are the same program.
double accumulate(double b, int n) {
    double d = 0.0;
    if (n < 0 || n > 6) {
        return -1.0;
    }
    b += 0.0;
    for (int j = n; j > 0; j--) {
        b = b * 0.5 + j;
        d = b / 3.0;
    }
    return b;
}
