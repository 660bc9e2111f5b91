// function: avg
// expect: NOT EQUIVALENT
// output: undefined behaviour
// why: the new version adds in int: a + b overflows (undefined) for a = b = INT_MAX, where
// the old version, adding in long, is defined.
int avg(int a, int b) { return (int)(((long)a + b) / 2); }
