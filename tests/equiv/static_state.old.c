// function: next
// expect: NOT EQUIVALENT
// output: static next::n
// why: the functions agree on the first call from n = 0 (1) but not on the second (2 versus
// 3): after one call the old version's counter is n + 1, the new one's n + 2. A static local is
// state between calls: the same arbitrary value on entry in both versions, compared on exit.
int next(void) { static int n; n++; return n; }
