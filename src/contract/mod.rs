//! Verifying a function in its real context (docs/contracts.md): what it needs of its caller
//! by C convention (`infer`), the entry harness that gives it only such inputs (`harness`,
//! with handle parameters made by the code base's constructors: `handles`),
//! and written contracts enforced on a body or used in place of it (`written`).
//!
//! Depends on: ir, and symex's input-heap options (plain data). Must not depend on
//! instrument, engine or the product layer.

pub mod handles;
pub mod harness;
pub mod infer;
pub mod loop_abstraction;
pub mod loops;
pub mod written;

pub use harness::{entry, Entry, ENTRY};
pub use infer::{infer, Conventions, Sized};
