//! Three-valued truth (Kleene logic), as used by the incremental and lazy strategies.

/// True, false or not known yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tern {
    /// Holds.
    T,
    /// Does not hold.
    F,
    /// Unknown (yet).
    M,
}

impl Tern {
    pub(crate) fn from_bool(b: bool) -> Tern {
        if b {
            Tern::T
        } else {
            Tern::F
        }
    }
    pub(crate) fn not(self) -> Tern {
        match self {
            Tern::T => Tern::F,
            Tern::F => Tern::T,
            Tern::M => Tern::M,
        }
    }
    pub(crate) fn or(self, o: Tern) -> Tern {
        match (self, o) {
            (Tern::T, _) | (_, Tern::T) => Tern::T,
            (Tern::F, Tern::F) => Tern::F,
            _ => Tern::M,
        }
    }
    pub(crate) fn and(self, o: Tern) -> Tern {
        self.not().or(o.not()).not()
    }
    pub(crate) fn known(self) -> bool {
        self != Tern::M
    }
}
