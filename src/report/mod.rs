//! Rendering results: ESBMC-style text and the versioned JSON schema.
//!
//! Depends on: engine (result types), ir. Must not depend on the front end or the cli.

pub mod diff;
pub mod equiv;
pub mod json;
pub mod text;
