int sensor(int channel);
int read_twice(int c) { return sensor(c) + sensor(c + 1); }
