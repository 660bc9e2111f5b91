// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: BAD lasso
// why: lasso_memory_changes.c writing the same value through the pointer every iteration:
//   memory is the same after each iteration, the request is never answered: a lasso.
int s = 0;
int g;
int *p = &g;
int main(void) {
  while (1) { s = 0; *p = 5; }
}
