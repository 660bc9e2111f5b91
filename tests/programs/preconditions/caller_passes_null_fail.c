// flags: --function caller --infer-preconditions --unwind 5
// expect: FAILED pointer-null line 10
// why: first never tests p, so it needs p != NULL; caller passes NULL when k is 0 (k is a
//   free integer input). first is inlined into caller, so its dereference on line 10 fails
//   with caller's argument: a bug at the call on line 14.
int first(const int *p) {
  // the caller's business: p is not tested here
  int v = 0;
  v = v + 1;
  return p[0] + v;
}

int caller(int k) {
  int x = 7;
  return first(k ? &x : 0);
}
