int count;
double bump(double v) {
    count = count + 1;
    return v * 2.0;
}
double f(double x) {
    return x;
}
