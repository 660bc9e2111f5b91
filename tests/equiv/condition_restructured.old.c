// function: classify
// expect: EQUIVALENT
// why: nested ifs and a conjunction/else chain partition the inputs the same way.
int classify(int t, int h) {
    if (t > 30) {
        if (h > 80)
            return 2;
        return 1;
    }
    return 0;
}
