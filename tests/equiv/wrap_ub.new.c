int grows(int x) { return 1; }
