// function: peek
// expect: UNKNOWN vacuous
// why: the old version reads t[4] of a four-element array on every input, so no input gives it
// defined behaviour: "equivalent on the inputs where the old version is defined" would hold for
// no input at all, and must not be reported as EQUIVALENT (the new version returns 7, the old
// one something undefined).
int peek(int x) { int t[4] = {x, x, x, x}; return t[4]; }
