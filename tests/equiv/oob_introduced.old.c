// function: last
// expect: NOT EQUIVALENT
// output: undefined behaviour
// why: the new loop runs to i <= 4 and writes t[4], outside the four-element local array.
int last(int x) {
    int t[4];
    for (int i = 0; i < 4; i++) t[i] = x + i;
    return t[3];
}
