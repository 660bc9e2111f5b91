int f(int x) {
    int n = 0;
    int t[n];
    return x;
}
