int f(int x) {
    int unused = x * 1000;
    return x + 1 > x ? 1 : 0;
}
