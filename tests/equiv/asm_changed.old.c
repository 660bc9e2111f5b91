// function: f
// expect: UNKNOWN assembly
// why: the two versions differ only in their inline assembly, which verdiff does not model
//   (it is lowered to an "unsupported" instruction carrying a reason, not the instructions):
//   whether they behave the same depends on what the assembly does, so the only sound answer
//   is UNKNOWN naming it. The lowered programs print the same (one reason each), so a
//   same-program shortcut that read only the text said EQUIVALENT here (checked on the build
//   before the mend).
int f(int x) {
    __asm__("nop");
    return x;
}
