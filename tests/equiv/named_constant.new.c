int sum(int a[8]) {
    int limit = 4;
    const int one = 1;
    int s = 0;
    for (int i = 0; i < limit; i += one) {
        s = s + a[i] / 2;
    }
    return s;
}
