/* A small byte ring buffer, the kind of code C teams ship in firmware and protocol stacks.
 * rb_push has an off-by-one bug: its "full" test lets a fifth byte in, which silently
 * overwrites the oldest one while count claims 5 bytes are stored. The tests a team would
 * write (push 4, pop 4) pass; verdiff finds the failing sequence of operations. */
#include <assert.h>
#include <stddef.h>

#define RB_SIZE 4

struct ringbuf {
  unsigned char data[RB_SIZE];
  size_t head; /* next write position */
  size_t count;
};

void rb_init(struct ringbuf *rb) {
  rb->head = 0;
  rb->count = 0;
}

/* Appends b; returns 0 when the buffer is full. */
int rb_push(struct ringbuf *rb, unsigned char b) {
  if (rb->count > RB_SIZE) /* BUG: should be >= */
    return 0;
  rb->data[rb->head] = b;
  rb->head = rb->head + 1 == RB_SIZE ? 0 : rb->head + 1;
  rb->count++;
  return 1;
}

/* Removes the oldest byte into *out; returns 0 when the buffer is empty. */
int rb_pop(struct ringbuf *rb, unsigned char *out) {
  if (rb->count == 0)
    return 0;
  size_t tail = (rb->head + RB_SIZE - rb->count) % RB_SIZE;
  *out = rb->data[tail];
  rb->count--;
  return 1;
}

/* A verification harness: an arbitrary sequence of 6 pushes and pops. */
int main(void) {
  struct ringbuf rb;
  rb_init(&rb);
  for (int step = 0; step < 6; step++) {
    if (__VERIFIER_nondet_bool()) {
      rb_push(&rb, __VERIFIER_nondet_uchar());
    } else {
      unsigned char b;
      if (rb_pop(&rb, &b))
        assert(rb.count < RB_SIZE);
    }
    assert(rb.count <= RB_SIZE);
  }
  return 0;
}
