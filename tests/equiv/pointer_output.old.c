// function: fill
// expect: NOT EQUIVALENT
// output: a[5]
// why: the new version writes i + 1 into a[5].
void fill(int *a) { for (int i = 0; i < 8; i++) a[i] = i; }
