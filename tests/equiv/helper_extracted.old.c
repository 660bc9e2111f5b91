// function: scale
// expect: EQUIVALENT
// why: the clamping code moved into a helper function with the same computation.
int scale(int x) {
    int y = x * 3;
    if (y > 300) y = 300;
    if (y < -300) y = -300;
    return y + 1;
}
