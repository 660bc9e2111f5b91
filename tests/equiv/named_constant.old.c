// function: sum
// expect: EQUIVALENT
// why: the new version names the loop's bound (limit, assigned 4 once before anything else)
//   and the step (one); everywhere they are read they hold 4 and 1, so the versions compute
//   the same. Once these locals are replaced by their constants the two are the same program.
int sum(int a[8]) {
    int s = 0;
    for (int i = 0; i < 4; i++) {
        s = s + a[i] / 2;
    }
    return s;
}
