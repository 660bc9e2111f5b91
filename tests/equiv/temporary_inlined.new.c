double step(double a, double b, double c, int n) {
    double r = b;
    for (int j = 1; j < n; j++) {
        double t = a * j;
        r = r + t + c;
    }
    return r;
}
