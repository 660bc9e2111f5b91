// function: pick
// expect: UNKNOWN indeterminate
// why: for k > 0 both versions return the uninitialised t[0] (an indeterminate value); the
// change (3 written as 3 + 0 * k) does not matter, so NOT EQUIVALENT would be a wrong answer: for
// every value the old version can return, the new one can return the same value. The right
// answer is EQUIVALENT (for each choice of the indeterminate value); verdiff does not prove
// statements "for every choice" and answers UNKNOWN, the sound answer it can give. This pins
// that it does not claim a difference. (The texts differ, so the same-program shortcut does
// not apply: uninitialised_read is the pair where it does.)
int pick(int k) {
    int t[4];
    if (k <= 0) {
        t[0] = 3;
    }
    return t[0] + 1;
}
