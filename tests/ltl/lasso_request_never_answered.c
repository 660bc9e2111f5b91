// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: BAD lasso
// why: request_always_pending.c with lassos (docs/ltl.md §5). The state after one iteration
//   (s == 0, the monitor waiting for an answer) is the state after the next: repeating that
//   iteration forever is an infinite run on which the request is never answered, a
//   definitive violation of the formula, which the bounded semantics alone calls FAILING.
int s = 0;
int main(void) {
  while (1) { s = 0; }
}
