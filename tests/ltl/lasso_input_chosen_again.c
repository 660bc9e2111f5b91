// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: BAD lasso
// why: each iteration reads an input (an external function's result) and answers only when
//   it is non-zero. The run that reads 0 every time never answers; its state (s == 0) comes
//   back after each iteration, and the same input can be read again: a lasso.
int s = 0;
int input(void);
int main(void) {
  while (1) {
    int x = input();
    if (x) s = 1; else s = 0;
  }
}
