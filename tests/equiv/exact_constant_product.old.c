// function: scale
// expect: EQUIVALENT
// why: the new version writes 2.0 as half * 4 with half = 0.5. 0.5 * 4.0 is exactly 2.0
//   in double (no rounding, so in every rounding mode), and (half * 4) * x is evaluated
//   left to right, so it is 2.0 * x as in the old version. Once half is replaced by 0.5 and
//   the exact product folded, the two are the same program.
double scale(double x, double y) {
    return 2.0 * x + y;
}
