// function: next
// expect: UNKNOWN static local
// why: the functions agree on the first call (1) but not on the second (2 versus 3); a static
// local is state between calls that the product does not enumerate, so the answer must not be
// EQUIVALENT.
int next(void) { static int n; n++; return n; }
