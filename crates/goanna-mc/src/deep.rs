//! Recursion whose depth comes from the input (formula nesting, call-chain depth) must not
//! overflow the thread's stack, whatever that stack's size (2 MiB for test threads).
//!
//! Every such recursive function wraps its body in [`grow`]: when less than [`RED_ZONE`] of the
//! current stack is left, the body runs on a fresh heap-allocated segment of [`SEGMENT`] bytes
//! (the `stacker` crate, as rustc does for deep expressions), so depth is bounded by memory, not
//! by the stack. Simple traversals (dropping a formula, building the DAG) use explicit stacks.

/// Stack left below which a new segment is allocated.
pub(crate) const RED_ZONE: usize = 128 * 1024;
/// Size of each new stack segment.
pub(crate) const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, on a new stack segment when the current one is nearly exhausted.
#[inline]
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
