// function: alarm
// expect: NOT EQUIVALENT
// output: return value
// why: the threshold moved from 100 to 101: alarm(100) is 1 before and 0 after.
int alarm(int level) { return level >= 100; }
