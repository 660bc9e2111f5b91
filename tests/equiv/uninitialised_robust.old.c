// function: parity
// expect: NOT EQUIVALENT
// why: the old version returns twice an indeterminate value (always even, overflow being
// undefined and assumed away), the new one returns 1: whatever the old version read, the new
// one differs, so the difference does not depend on indeterminate values.
int parity(void) {
    int x;
    return x * 2;
}
