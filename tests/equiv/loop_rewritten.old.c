// function: sum4
// expect: EQUIVALENT
// why: the for loop and the while loop add the same at most four elements; both loops stop
// after four iterations, so no bound is cut.
int sum4(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n && i < 4; i++)
        s += a[i];
    return s;
}
