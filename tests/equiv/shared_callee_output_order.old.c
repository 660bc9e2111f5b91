// function: f
// expect: NOT EQUIVALENT
// output: external call 1 argument 2
// why: show prints its argument and returns it; both versions return a - b, but the new one
//   calls show(b) before show(a), so for a != b the two lines are printed in the other order.
//   show is shared (the same in both versions) and prints, so its calls are logged as calls of
//   their own: the logs differ, and the replay with the real show confirms it (printf("%d\n",
//   a) then b in the old version, b then a in the new one).
#include <stdio.h>
int show(int v) {
    printf("%d\n", v);
    return v;
}
int f(int a, int b) {
    int x = show(a);
    int y = show(b);
    return (x > y) - (x < y);
}
