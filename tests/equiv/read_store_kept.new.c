int f(int x) {
    int k = x;
    if (x > 10) {
        x = x - 1;
        k = 0;
    }
    return k;
}
