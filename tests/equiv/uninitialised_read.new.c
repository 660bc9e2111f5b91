#define THREE 3
int pick(int k) {
    int t[4];
    if (k <= 0) {
        t[0] = THREE;
    }
    return t[0] + 1;
}
