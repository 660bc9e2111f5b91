// function: notify
// expect: NOT EQUIVALENT
// output: external call 1 argument 1
// why: send() has no body: the order of its calls is observable and changed.
void send(int code);
int notify(int x) { send(x); send(x + 1); return 0; }
