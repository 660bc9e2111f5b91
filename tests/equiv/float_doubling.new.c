float twice(float x) { return x + x; }
