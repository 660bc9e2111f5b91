// flags: --function queue_push --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: `struct queue` is opaque to callers in other files (its members are written here, in
//   a .c file; a header would declare only `typedef struct queue queue;`), so a caller's
//   queue comes from the interface's constructor queue_new: size in 1..64, slots holding size
//   ints, head 0. queue_push writes slots[head] with head < size and divides by size > 0.
//   `queue *` and `struct queue *` are one handle type however spelt. queue_alloc returns a
//   queue too, but it is static (no caller elsewhere gets one from it), and its queue has
//   size 0: taken as the constructor, it would make queue_push divide by zero. As a free
//   input object, size could be 0 as well (a false "division by zero", as mbrossard/
//   threadpool's threadpool_add got) and slots could point anywhere.
#include <stdlib.h>

typedef struct queue queue;
struct queue {
  int *slots;
  int size;
  int head;
};

static queue *queue_alloc(void) {
  queue *q = malloc(sizeof *q);
  if (!q) return NULL;
  q->slots = NULL;
  q->size = 0;
  q->head = 0;
  return q;
}

queue *queue_new(int size) {
  if (size <= 0 || size > 64) return NULL;
  queue *q = queue_alloc();
  if (!q) return NULL;
  q->slots = calloc((size_t)size, sizeof(int));
  if (!q->slots) {
    free(q);
    return NULL;
  }
  q->size = size;
  return q;
}

int queue_push(struct queue *q, int v) {
  q->slots[q->head] = v;
  q->head = (q->head + 1) % q->size;
  return q->head;
}
