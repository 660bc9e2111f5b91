int sum4(const int *a, int n) {
    int total = 0, k = 0;
    while (k < 4) {
        if (k >= n)
            break;
        total = total + a[k];
        k++;
    }
    return total;
}
