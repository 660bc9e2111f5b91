// function: t
// expect: NOT EQUIVALENT
// why: h(x, z) = x*961 + z is shared and pure, so both versions call one uninterpreted
// function; the abstraction's counterexamples are often spurious for the real h (they pick
// values of h the body cannot produce) and do not replay. With h inlined the versions do
// differ: x1 = x2 = 1, z1 = z2 = 0 gives old h(1,0) == h(1,0) -> 1 and new h(1,0) == h(0,1)
// (961 vs 1) -> 0. Z3's model evaluation sometimes disagreed with its own answer here
// ("inconsistent solver model"); each claim is then asked on its own.
int h(int x, int z) { int r = x; r = r * 31; r = r * 31 + z; return r; }
int t(int x1, int z1, int x2, int z2) {
    return h(x1, z1) == h(x2, z2);
}
