// function: f
// expect: NOT EQUIVALENT
// why: the new version's k is 2, or 3 when x > 5: for x = 6 the old version returns 8 and the
//   new one 9. k is assigned twice, so it is not a constant local: treating it as one would
//   make the versions the same text and EQUIVALENT, a wrong answer.
int f(int x) {
    if (x > 100 || x < -100) {
        return 0;
    }
    return x + 2;
}
