double scale(double x, double y) {
    double half = 0.5;
    return half * 4 * x + y;
}
