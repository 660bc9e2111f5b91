// function: f
// expect: NOT EQUIVALENT
// why: in the new version k reaches the return holding 0 on one path and 1 on the other
//   (x > 3), so it is no constant there: for x = 4 the old version returns 4, the new 5.
int f(int x) {
    if (x > 1000 || x < -1000) {
        return 0;
    }
    return x;
}
