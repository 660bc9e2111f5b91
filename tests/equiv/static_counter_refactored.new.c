unsigned ticket(void) { static unsigned calls; calls += 1; return 2 * calls; }
