// function: apply
// expect: NOT EQUIVALENT
// output: return value
// why: `use` passes `twice` to `apply`. The new version calls f(x + 2) where the old one
//   calls f(x + 1): with f = twice and x = 0, the old version returns 0 ^ 2 = 2 and the new
//   one 0 ^ 4 = 4. (A caller's own function shows it too; either is a real caller's input.
//   The results are combined with `^`, not `+`: a caller's function may return anything, so
//   with `+` the sum can overflow in the new version alone — a real difference too, but
//   then the first one found need not be the return value this test is about.)
int twice(int x) { return 2 * x; }
int apply(int (*f)(int), int x) {
    if (f == 0) return -1;
    return f(x) ^ f(x + 1);
}
int use(void) { return apply(twice, 3); }
