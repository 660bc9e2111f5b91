// function: half
// expect: NOT EQUIVALENT
// why: for odd x (x = 1) the old version's assertion fails and the program stops, while the
// new version returns x / 2: the assertion must not be dropped, and how a run ends is
// behaviour.
int half(int x) { __VERIFIER_assert(x % 2 == 0); return x / 2; }
