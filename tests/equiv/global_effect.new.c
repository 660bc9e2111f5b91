int count;
void tick(int step) { count += step; if (step == 7) count += step; }
