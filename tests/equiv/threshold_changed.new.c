int alarm(int level) { return level > 100; }
