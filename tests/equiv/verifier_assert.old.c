// function: half
// expect: UNKNOWN fails
// why: for odd x the old version's assertion fails (the program stops) while the new version
// returns x / 2; the assertion must not be dropped, and termination is not compared, so the
// answer is UNKNOWN, not EQUIVALENT.
int half(int x) { __VERIFIER_assert(x % 2 == 0); return x / 2; }
