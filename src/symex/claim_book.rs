//! The claims a symbolic execution meets, numbered once per site, and their symbolic
//! instances (one per path condition that reaches the site), with the reached instructions
//! verdiff does not model. What `Output` hands to the engine.

use std::collections::HashMap;

use super::{Claim, ClaimKey, Instance, Reach};

#[derive(Default)]
pub(super) struct ClaimBook {
    /// Claim number → the claim as written.
    pub(super) claims: Vec<Claim>,
    /// A claim site's number.
    pub(super) index: HashMap<ClaimKey, usize>,
    pub(super) instances: Vec<Instance>,
    pub(super) unsupported: Vec<Reach>,
}
