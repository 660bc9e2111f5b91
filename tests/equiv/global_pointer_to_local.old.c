// function: f
// expect: UNKNOWN input pointer
// why: found by bench/csmith.py (seed 2, small profile). The versions differ only in how the
//   sum is written: they are equivalent. A global pointer's value at entry cannot point to f's
//   local `l`, which does not exist before the call, nor into the other version's objects;
//   the product gave gp such a value (&l of the old run), which made the old read defined and
//   the new one undefined: a wrong NOT EQUIVALENT. A difference that needs a global pointer to
//   point into an object is not shown while the product does not pair the objects such
//   pointers point to (UNKNOWN naming the pointer); EQUIVALENT is still proved when no input
//   shows a difference.
int *gp;

int f(void) {
    int l = 3;
    int *lp = &l;
    int r = 0;
    if (gp != 0)
        r = *gp;
    gp = 0;
    return r + *lp;
}
