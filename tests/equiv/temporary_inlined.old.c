// function: step
// expect: EQUIVALENT
// why: the new version names the product a * j (t) and uses it in the very next statement;
//   that statement computes (b + t) + c exactly as the old version's b + a * j + c, which C
//   parses as (b + (a * j)) + c: the same operations on the same values, in the same order
//   and rounding. With t replaced by what it carries, the two are the same program.
double step(double a, double b, double c, int n) {
    double r = b;
    for (int j = 1; j < n; j++) {
        r = r + a * j + c;
    }
    return r;
}
