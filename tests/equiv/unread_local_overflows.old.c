// function: f
// expect: NOT EQUIVALENT
// why: the new version adds `int unused = x * 1000;` and never reads it. The value is
//   unobservable, but for x > 2147483 the multiplication overflows: undefined behaviour in
//   the new version where the old one is defined. The computation must not be dropped as
//   unread (integer arithmetic is never harmless).
int f(int x) {
    return x + 1 > x ? 1 : 0;
}
