int checked(int x) { return x; }
