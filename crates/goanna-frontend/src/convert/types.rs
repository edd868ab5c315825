//! Types: `CXType` to [`CType`], cached per type.

use clang_sys::*;
use goanna_ast::{CType, TypeClass};

use super::Converter;
use crate::util::cx_string;

/// The class of a canonical type kind.
fn class_of(ty: CXType) -> TypeClass {
    match ty.kind {
        CXType_Void => TypeClass::Void,
        CXType_Bool | CXType_Char_U | CXType_UChar | CXType_Char16 | CXType_Char32
        | CXType_UShort | CXType_UInt | CXType_ULong | CXType_ULongLong | CXType_UInt128
        | CXType_Char_S | CXType_SChar | CXType_WChar | CXType_Short | CXType_Int
        | CXType_Long | CXType_LongLong | CXType_Int128 | CXType_Enum => TypeClass::Integer,
        CXType_Float | CXType_Double | CXType_LongDouble | CXType_Float128 | CXType_Half
        | CXType_Float16 | CXType_BFloat16 | CXType_Ibm128 | CXType_Complex => TypeClass::Floating,
        // A C++ reference holds the address of what it binds (the front end lowers it to a
        // pointer: `convert/cxx.rs`).
        CXType_Pointer | CXType_BlockPointer | CXType_ObjCObjectPointer | CXType_LValueReference | CXType_RValueReference => {
            TypeClass::Pointer
        }
        CXType_ConstantArray | CXType_IncompleteArray | CXType_VariableArray
        | CXType_DependentSizedArray | CXType_Vector | CXType_ExtVector => {
            if matches!(ty.kind, CXType_Vector | CXType_ExtVector) {
                TypeClass::Other
            } else {
                TypeClass::Array
            }
        }
        CXType_Record => TypeClass::Record,
        CXType_FunctionProto | CXType_FunctionNoProto => TypeClass::Function,
        _ => TypeClass::Other,
    }
}

/// Width in bits and signedness of a canonical integer type ((0, false) when unknown).
///
/// # Safety
/// `ty` must be a type of the live translation unit.
unsafe fn int_layout(ty: CXType) -> (u8, bool) {
    let signed = match ty.kind {
        CXType_Bool => return (1, false),
        CXType_Char_S | CXType_SChar | CXType_Short | CXType_Int | CXType_Long | CXType_LongLong | CXType_Int128 => true,
        CXType_Char_U | CXType_UChar | CXType_Char16 | CXType_Char32 | CXType_UShort | CXType_UInt | CXType_ULong
        | CXType_ULongLong | CXType_UInt128 => false,
        // Enumerations: the signedness of the underlying type.
        CXType_Enum => {
            let decl = clang_getTypeDeclaration(ty);
            let under = clang_getEnumDeclIntegerType(decl);
            return if under.kind == CXType_Enum || under.kind == CXType_Invalid { (0, false) } else { int_layout(clang_getCanonicalType(under)) };
        }
        // wchar_t's signedness depends on the target: unknown.
        _ => return (0, false),
    };
    let size = clang_Type_getSizeOf(ty);
    if (1..=8).contains(&size) {
        ((size * 8) as u8, signed)
    } else {
        (0, false)
    }
}

impl Converter {
    /// The [`CType`] of a libclang type.
    pub(crate) fn ctype(&mut self, ty: CXType) -> CType {
        let key = (ty.kind, ty.data[0] as usize);
        if let Some(t) = self.types.get(&key) {
            return t.clone();
        }
        // SAFETY: pure accessors on a type of the live translation unit.
        let result = unsafe {
            let mut canonical = clang_getCanonicalType(ty);
            let is_const = clang_isConstQualifiedType(canonical) != 0;
            let is_volatile = clang_isVolatileQualifiedType(canonical) != 0;
            if canonical.kind == CXType_Atomic {
                canonical = clang_Type_getValueType(canonical);
            }
            let class = class_of(canonical);
            // By its declaration: a typedef of an anonymous union is spelled by the typedef's
            // name (`bits`), not `union ...`.
            let is_union = class == TypeClass::Record
                && (clang_getCursorKind(clang_getTypeDeclaration(canonical)) == CXCursor_UnionDecl
                    || cx_string(clang_getTypeSpelling(canonical)).starts_with("union "));
            let (int_bits, int_signed) = if class == TypeClass::Integer { int_layout(canonical) } else { (0, false) };
            let points_to_const = class == TypeClass::Pointer && clang_isConstQualifiedType(clang_getPointeeType(canonical)) != 0;
            let function_signature = if class == TypeClass::Pointer {
                let pointee = clang_getCanonicalType(clang_getPointeeType(canonical));
                if matches!(pointee.kind, CXType_FunctionProto | CXType_FunctionNoProto) {
                    cx_string(clang_getTypeSpelling(pointee))
                } else {
                    String::new()
                }
            } else {
                String::new()
            };
            let (pointee_class, pointee_size) = if matches!(class, TypeClass::Pointer | TypeClass::Array) {
                let pointee = if class == TypeClass::Pointer { clang_getPointeeType(canonical) } else { clang_getArrayElementType(canonical) };
                let pointee = clang_getCanonicalType(pointee);
                let size = clang_Type_getSizeOf(pointee);
                let pointee_class = class_of(pointee);
                let size = if pointee_class == TypeClass::Void { 0 } else { u32::try_from(size).unwrap_or(0) };
                (pointee_class, size)
            } else {
                (TypeClass::Other, 0)
            };
            let array_len = if canonical.kind == CXType_ConstantArray { u64::try_from(clang_getArraySize(canonical)).unwrap_or(0) } else { 0 };
            let pointee_record = if class == TypeClass::Pointer && pointee_class == TypeClass::Record {
                let pointee = clang_getCanonicalType(clang_getPointeeType(canonical));
                cx_string(clang_getCursorUSR(clang_getTypeDeclaration(pointee)))
            } else {
                String::new()
            };
            CType {
                spelling: cx_string(clang_getTypeSpelling(ty)),
                class,
                is_volatile,
                is_const,
                is_union,
                int_bits,
                int_signed,
                points_to_const,
                pointee_class,
                pointee_size,
                array_len,
                function_signature,
                pointee_record,
            }
        };
        self.types.insert(key, result.clone());
        result
    }

    /// The [`CType`] of a cursor's type.
    pub(crate) fn cursor_ctype(&mut self, cursor: CXCursor) -> CType {
        // SAFETY: pure accessor on a live cursor.
        let ty = unsafe { clang_getCursorType(cursor) };
        self.ctype(ty)
    }
}

/// True when the canonical type of `cursor`'s type is a pointer.
pub(crate) fn is_pointer_typed(cursor: CXCursor) -> bool {
    // SAFETY: pure accessors on a live cursor.
    unsafe { clang_getCanonicalType(clang_getCursorType(cursor)).kind == CXType_Pointer }
}
