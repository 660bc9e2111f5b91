int peek(int x) { return 7; }
