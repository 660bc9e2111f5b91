// flags: --function fill --infer-preconditions --unwind 10
// expect: FAILED array-bounds line 11
// why: the caller's objects are not involved: fill writes its own 4-element array at index
//   n for n up to 7 (n is a free integer input). Preconditions never cover the function's
//   own objects.
int fill(int n) {
  int local[4];
  if (n < 0 || n > 7)
    return 0;
  for (int i = 0; i < 4; i++) local[i] = i;
  local[n] = 1;
  return local[0];
}
