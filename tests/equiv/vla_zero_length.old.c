// function: f
// expect: NOT EQUIVALENT
// why: the new version declares a variable-length array whose length n is 0 on every run.
//   C requires such a length to be greater than zero (C11 6.7.6.2p5), so every run of the
//   new version has undefined behaviour, where the old one is defined: a difference on any
//   input. (The constant length must not turn the array into a zero-length fixed array,
//   which would hide this.)
int f(int x) {
    return x;
}
