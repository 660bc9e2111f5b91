// function: f
// expect: NOT EQUIVALENT
// why: the old version calls bump (which adds 1 to the global count) and stores its result
//   in a local nobody reads; the new version drops the call. The local is unread, but the
//   call has an effect: count ends 1 higher in the old version, on every input.
int count;
double bump(double v) {
    count = count + 1;
    return v * 2.0;
}
double f(double x) {
    double unused = bump(x);
    return x;
}
