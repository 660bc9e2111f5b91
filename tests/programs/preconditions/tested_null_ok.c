// flags: --function get --infer-preconditions
// expect: SUCCESSFUL
// why: get tests p for NULL, so NULL is one of its inputs (the NULL case is kept), and it
//   handles it before the dereference on line 8.
int get(const int *p) {
  if (!p)
    return -1;
  return *p;
}
