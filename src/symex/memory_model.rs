//! The memory model's own state: which objects exist, their sizes and kinds, and how pointers
//! are made of an object number and an offset. The operations on memory are in memory.rs,
//! place.rs and value.rs; this part is what they share. One per symbolic execution: threads
//! (docs/threads.md) share it.

use std::collections::HashMap;

use super::{input, ObjInfo};
use crate::ir::FuncId;
use crate::term::T;

pub(super) struct MemoryModel {
    /// Width of a pointer in bits.
    pub(super) ptr_w: u32,
    /// Bits of a pointer that number the object, and bits of its offset.
    pub(super) obj_bits: u32,
    pub(super) off_bits: u32,
    /// Object number → (size term, dynamic, name, allocation location).
    pub(super) objects: Vec<ObjInfo>,
    /// Object number → size, as an array term.
    pub(super) sizes: T,
    /// Object number → allocated on the heap.
    pub(super) dynamic: T,
    /// Object number → read-only (string literals, const objects).
    pub(super) readonly: T,
    pub(super) str_objs: Vec<u32>,
    pub(super) func_objs: HashMap<FuncId, u32>,
    /// Object number → integer base address (created on the first pointer-to-integer
    /// conversion).
    pub(super) bases: Option<T>,
    /// Objects whose address was converted to an integer (integers can point back to them).
    pub(super) exposed: Vec<u32>,
    /// Whether two pointer values of which one has no known object coincide, by pair.
    pub(super) coincidence: HashMap<(T, T), T>,
    /// The caller's objects, when the entry's inputs are modelled as a heap.
    pub(super) input_heap: Option<input::InputHeap>,
}

impl MemoryModel {
    pub(super) fn new(ptr_w: u32, obj_bits: u32, off_bits: u32, sizes: T, dynamic: T, readonly: T) -> Self {
        MemoryModel {
            ptr_w,
            obj_bits,
            off_bits,
            objects: Vec::new(),
            sizes,
            dynamic,
            readonly,
            str_objs: Vec::new(),
            func_objs: HashMap::new(),
            bases: None,
            exposed: Vec::new(),
            coincidence: HashMap::new(),
            input_heap: None,
        }
    }
}
