// flags: --function get --infer-preconditions
// expect: FAILED pointer-null line 10
// why: get tests p for NULL (so it considers NULL a possible input) but only counts it and
//   dereferences p anyway on line 10: get(NULL) crashes.
int nulls;

int get(const int *p) {
  if (p == 0)
    nulls++;
  return *p;
}
