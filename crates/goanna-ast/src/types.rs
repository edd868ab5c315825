//! The little of C's type system the analyser needs.

use serde::{Deserialize, Serialize};

/// Broad class of a type, after typedefs are resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TypeClass {
    /// `void`
    Void,
    /// Integer, character, `_Bool` and enumeration types.
    Integer,
    /// `float`, `double`, `long double`, complex.
    Floating,
    /// Any object or function pointer.
    Pointer,
    /// Arrays (fixed, incomplete or variable length).
    Array,
    /// `struct` and `union`.
    Record,
    /// Function types.
    Function,
    /// Anything else (or unknown).
    #[default]
    Other,
}

/// A C type as the analyser sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CType {
    /// Spelling as Clang prints it (e.g. `FILE *`, `struct node *`).
    pub spelling: String,
    /// Class of the canonical type.
    pub class: TypeClass,
    /// `volatile`-qualified.
    pub is_volatile: bool,
    /// `const`-qualified.
    pub is_const: bool,
    /// A `union` (after typedefs are resolved): writing one member gives a value to all.
    #[serde(default)]
    pub is_union: bool,
    /// For integer types: the width in bits (1 for `_Bool`); 0 when unknown or not an integer.
    #[serde(default)]
    pub int_bits: u8,
    /// For integer types: whether the type is signed.
    #[serde(default)]
    pub int_signed: bool,
    /// For pointer types: the type pointed to is `const`-qualified (`const T *`). On an
    /// expression, also when it is implicitly converted to such a type where it is used (an
    /// argument for a `const T *` parameter): a callee given it does not write through it, as
    /// the Clang Static Analyzer keeps the contents of a region passed as a pointer to const.
    #[serde(default)]
    pub points_to_const: bool,
    /// For pointer types: the class of the type pointed to; for arrays: of the element type
    /// ([`TypeClass::Other`] otherwise).
    #[serde(default)]
    pub pointee_class: TypeClass,
    /// For pointer types: the size in bytes of the type pointed to; for arrays: of an element
    /// (0 when it has none: `void`, incomplete or variable-length types, or for other types).
    #[serde(default)]
    pub pointee_size: u32,
    /// For arrays of constant size: the number of elements (`char buf[64]`: 64); 0 for other
    /// types, and for incomplete and variable-length arrays.
    #[serde(default)]
    pub array_len: u64,
    /// For pointers to functions: the canonical spelling of the function type pointed to
    /// (`int (struct config *, char **, int)`), spelled as [`crate::FunctionDecl::signature`]
    /// spells a function's type; empty otherwise. Which functions a call through the pointer
    /// can reach.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub function_signature: String,
    /// For pointers to structures and unions: the identity (Clang's USR) of the record pointed
    /// to, whatever typedef spells it (`decoder *` and `struct decoder_s *` alike); empty
    /// otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pointee_record: String,
}

impl CType {
    /// True for pointer types.
    pub fn is_pointer(&self) -> bool {
        self.class == TypeClass::Pointer
    }
}
