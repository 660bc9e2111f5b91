// function: apply
// expect: NOT EQUIVALENT
// output: external calls
// why: `f` is a parameter: a caller may pass any function, including one that counts its
//   calls or prints. The new version calls it a second time when x > 100, which such a
//   caller sees. The code names no function of that type, so only the function of the
//   caller's (an unknown function shared by both versions, its calls logged) can show it;
//   before, a function-pointer parameter made the comparison UNKNOWN.
int apply(int (*f)(int), int x) {
    if (f == 0) return -1;
    return f(x);
}
