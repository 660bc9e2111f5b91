// function: pick
// expect: UNKNOWN uninitialised
// why: for k > 0 the old version returns half of its uninitialised t[0] and the new one half of
//   its own uninitialised t[0] ^ 1. Both are indeterminate ints, and x -> x ^ 1 is a bijection
//   of int, so for every value the old version can return the new one can return the same (its
//   t[0] being the old one's ^ 1): no input shows a difference, and NOT EQUIVALENT would be
//   wrong. The solver's candidates pick the new version's element (e.g. equal to the old one's:
//   0.5 apart); that choice of an indeterminate value is not a proof. verdiff does not prove
//   statements "for every choice" either, so UNKNOWN, naming the uninitialised value. (A draft
//   of the library-accuracy check re-ran candidates with the model's array elements fixed, the
//   new version's uninitialised one included, and said NOT EQUIVALENT here.)
double pick(double k) {
    int t[4];
    if (k <= 0.0) {
        t[0] = 3;
    }
    return t[0] * 0.5;
}
