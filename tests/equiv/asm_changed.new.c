int f(int x) {
    __asm__("mov $1, %eax");
    return x;
}
