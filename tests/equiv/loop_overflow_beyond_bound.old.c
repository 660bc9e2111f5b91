// function: count
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT UP TO BOUND 3
// why: the new version counts in steps of 2 and halves the result; equal for n <= 2^30, but
//   for n >= 2^30 + 1 its counter c passes INT_MAX (signed overflow: undefined behaviour)
//   where the old version is defined and returns n. So NOT EQUIVALENT, with a distinguishing
//   input that needs 2^30 iterations — beyond the bound 3. The bounded answer must stand; the
//   relational proof must see the new version's overflow and fail.
int count(int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c++;
  return c;
}
