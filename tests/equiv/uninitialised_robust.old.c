// function: parity
// expect: NOT EQUIVALENT
// why: verdiff reads an uninitialised local as an indeterminate value (ESBMC's semantics, a
// nondeterministic value), not as undefined behaviour — strict C11 (6.3.2.1p2) would make
// this read undefined, and then the old version would have no behaviour to compare. Under
// verdiff's reading the old version returns twice an indeterminate value (always even,
// overflow being undefined and assumed away), the new one returns 1: whatever the old
// version read, the new one differs, so the difference does not depend on the value read.
int parity(void) {
    int x;
    return x * 2;
}
