// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// flags: --no-lasso
// expect: FAILING
// why: Fig. 2-style server that never answers: every trace, at the bound too, ends with
//   s == 0 pending; stuttering on it the request is never answered (FAILING), while an
//   extension that sets s to 1 forever after would satisfy the formula (so not BAD on the
//   bounded semantics alone, --no-lasso; lasso_request_never_answered.c is this program with
//   lassos, BAD).
int s = 0;
int main(void) {
  while (1) { s = 0; }
}
