// function: tick
// expect: NOT EQUIVALENT
// output: global count
// why: the new version counts twice when step is 7.
int count;
void tick(int step) { count = count + step; }
