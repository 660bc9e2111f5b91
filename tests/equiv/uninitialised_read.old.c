// function: pick
// expect: EQUIVALENT
// why: for k > 0 both versions return the uninitialised t[0] (an indeterminate value); the
// change (a macro for 3) leaves the preprocessed program as it was, so NOT EQUIVALENT would be
// a wrong answer: for every value the old version can return, the new one can return the same
// value. The two versions are the same program, which verdiff sees without a solver
// (equiv::identical), so EQUIVALENT. uninitialised_read_changed is the same question when the
// texts differ: there the solver cannot prove it for every choice of the value.
int pick(int k) {
    int t[4];
    if (k <= 0) {
        t[0] = 3;
    }
    return t[0] + 1;
}
