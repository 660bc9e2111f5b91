// function: f
// expect: NOT EQUIVALENT
// why: the new version's store k = 0 in the branch is read by the return on that path, so
//   it is no unread store and must stay: for x = 11 the old version returns 11, the new 0.
int f(int x) {
    int k = x;
    if (x > 10) {
        x = x - 1;
    }
    return k;
}
