// flags: --function caller --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: as caller_passes_short_buffer_fail.c, but caller passes its 4-element buffer with
//   n = 4: every read a[i], i < 4, is inside it.
int total(const int *a, int n) {
  int s = 0;
  if (n > 8)
    return -1;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int caller(void) {
  int buf[4] = {1, 2, 3, 4};
  return total(buf, 4);
}
