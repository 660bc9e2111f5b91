// function: each
// expect: EQUIVALENT
// why: both versions call `visit` on a[0], a[1], ... for the first min(n, 4) elements, in
//   order, with the same arguments: whatever function a caller passes sees the same calls
//   and returns the same results. The loop is written two ways (bound in the condition, or a
//   break). Comparing needs the caller's function to be one function shared by both
//   versions whose calls are compared in order.
void each(const int *a, int n, void (*visit)(int)) {
    for (int i = 0; i < n && i < 4; i++) visit(a[i]);
}
