// function: measure
// expect: NOT EQUIVALENT
// output: return value
// why: the code tests `s` for NULL, so a caller may pass NULL (cJSON's print_string_ptr
//   prints "" for it): the old version then returns -1 and the new one 0. On every string
//   both count the same characters, so only a NULL `s` shows the change — which the product
//   never offered while a pointer parameter always had an object.
int measure(const char *s, int *count) {
    int n = 0;
    if (s == 0) return -1;
    while (s[n] != 0 && n < 4) n++;
    if (count != 0) *count = n;
    return n;
}
