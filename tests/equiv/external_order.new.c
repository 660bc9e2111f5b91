void send(int code);
int notify(int x) { send(x + 1); send(x); return 0; }
