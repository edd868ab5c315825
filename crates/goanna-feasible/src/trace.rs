//! A developer's view of the refutation: with `GOANNA_TRACE_REFUTATION` set in the
//! environment, each decided path's constraints, the solver's verdict and, for a feasible
//! path, its model are written to standard error, and so is every value a call or a store
//! makes the encoding forget. For finding out why a path the reader knows to be impossible
//! stays feasible; nothing in the product reads it.

use std::sync::OnceLock;

/// True when the trace is asked for (read once per process).
pub(crate) fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| std::env::var_os("GOANNA_TRACE_REFUTATION").is_some())
}
