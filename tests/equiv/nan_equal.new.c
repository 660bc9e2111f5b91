double pass(double x) { if (x != x) return x + 1.0; return x; }
