//! Verifying a function in its real context (docs/contracts.md): what it needs of its caller
//! by C convention (`infer`), and the entry harness that gives it only such inputs
//! (`harness`).
//!
//! Depends on: ir, and symex's input-heap options (plain data). Must not depend on
//! instrument, engine or the product layer.

pub mod harness;
pub mod infer;

pub use harness::{entry, Entry, ENTRY};
pub use infer::{infer, Conventions, Sized};
