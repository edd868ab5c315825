//! What the bounds analysis needs of an expression: the memory regions pointers are set to
//! ([`ValueOp::PointTo`]) and the accesses of memory whose extent may be known
//! ([`ValueOp::Access`]): elements (`a[i]`, `p[i]`) and the bytes library routines copy or fill.

use super::Builder;
use crate::consts::strip_casts;
use crate::models::FunctionModel;
use crate::values::{AccessBase, AccessKind, IntType, Region, ValBinOp, ValExpr, ValueOp};
use goanna_ast::{BinaryOp, Expr, ExprKind, Span, TypeClass, UnaryOp};

impl Builder<'_, '_> {
    /// The memory `base` designates when it is indexed or handed to a routine: an array object
    /// of a known size, or what a pointer variable points to. Parameters declared as arrays
    /// are pointers; a member array of at most one element is the old "struct hack" (the
    /// object is allocated larger), not an array of that size.
    fn access_base(&mut self, base: &Expr) -> Option<AccessBase> {
        let core = strip_casts(base);
        if core.ty.class == TypeClass::Array {
            let parameter = matches!(core.kind, ExprKind::Var(v) if self.tu.vars.get(v.0 as usize).is_some_and(|i| i.kind == goanna_ast::VarKind::Param));
            let member = matches!(core.kind, ExprKind::Member { .. });
            let len = core.ty.array_len;
            if parameter || len == 0 || (member && len <= 1) || core.ty.pointee_size == 0 {
                return None;
            }
            return len.checked_mul(u64::from(core.ty.pointee_size)).map(AccessBase::Object);
        }
        if core.ty.class == TypeClass::Pointer {
            let p = self.pointer_path(core)?;
            return self.paths.get(p).filter(|path| path.is_variable()).map(|_| AccessBase::Pointer(p));
        }
        None
    }

    /// [`ValueOp::Access`] of the element `base[index]` (read or written).
    pub(super) fn record_index_access(&mut self, base: &Expr, index: &Expr, span: Span) {
        if span.from_macro || index.ty.class != TypeClass::Integer {
            return;
        }
        // The element's size is the one the (possibly cast) base points to.
        let elem = base.ty.pointee_size;
        if elem == 0 || !matches!(base.ty.class, TypeClass::Array | TypeClass::Pointer) {
            return;
        }
        let Some(access) = self.access_base(base) else { return };
        let index_type = IntType::of(&index.ty);
        let start = match index_type {
            Some(ty) => ValExpr::Cast(ty, Box::new(self.val_expr(index))),
            None => self.val_expr(index),
        };
        self.value_op(ValueOp::Access { base: access, start, count: ValExpr::Const(1), elem, index_type, how: AccessKind::Index, span });
    }

    /// [`ValueOp::PointTo`] for the pointer `t` assigned `rhs`: the start of an array, a new
    /// block of the size the allocation is given, or where another pointer points, moved.
    pub(super) fn record_point_to(&mut self, t: crate::PathId, rhs: &Expr) {
        if let Some(region) = self.region_of(t, rhs) {
            self.value_op(ValueOp::PointTo { target: t, region });
        }
    }

    /// Where `rhs` points, when the pointer `t` is assigned it.
    fn region_of(&mut self, t: crate::PathId, rhs: &Expr) -> Option<Region> {
        let core = strip_casts(rhs);
        let model = match &core.kind {
            ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, .. } => self.ctx.model(name),
            _ => None,
        };
        match &core.kind {
            // An array decays to the address of its first element; a string literal too.
            _ if core.ty.class == TypeClass::Array => self.inside_whole_array(core, ValExpr::Const(0)),
            ExprKind::Call { args, .. } => model.filter(|m| !m.alloc_size.is_empty() && (m.alloc || m.stack)).and_then(|m| {
                let mut bytes: Option<ValExpr> = None;
                for &i in &m.alloc_size {
                    let factor = self.size_value(args.get(i)?);
                    bytes = Some(match bytes {
                        None => factor,
                        Some(b) => ValExpr::Binary { op: ValBinOp::Mul, ty: SIZE, lhs: Box::new(b), rhs: Box::new(factor) },
                    });
                }
                bytes.map(Region::Block)
            }),
            ExprKind::Binary { op: op @ (BinaryOp::Add | BinaryOp::Sub), lhs, rhs: r } if core.ty.class == TypeClass::Pointer => {
                let (pointer, offset) = if strip_casts(lhs).ty.class == TypeClass::Pointer { (lhs, r) } else { (r, lhs) };
                let base = self.pointer_path(pointer).filter(|&b| self.paths.get(b).is_some_and(|p| p.is_variable()))?;
                // The step is the size of what the operand, as written, points to: `(char *)p - 16`
                // moves by bytes whatever `p` is.
                let elem = match pointer.ty.pointee_size {
                    0 => strip_casts(pointer).ty.pointee_size,
                    size => size,
                };
                (elem > 0).then(|| Region::Moved { base, bytes: self.offset_bytes(offset, elem, *op == BinaryOp::Sub) })
            }
            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => match &strip_casts(operand).kind {
                // `&a[k]`: k elements into the array.
                ExprKind::Index { base, index } => {
                    let elem = strip_casts(base).ty.pointee_size;
                    let offset = self.offset_bytes(index, elem, false);
                    self.inside_whole_array(base, offset)
                }
                _ => None,
            },
            _ => self
                .pointer_path(core)
                .filter(|&b| b != t && self.paths.get(b).is_some_and(|p| p.is_variable()))
                .map(|base| Region::Moved { base, bytes: ValExpr::Const(0) }),
        }
    }

    /// Where a pointer `offset` bytes into the array `array` points: inside the whole
    /// multi-dimensional array that `array` is a row of (`&m[0][0]`, `m[1]` of `float m[3][3]`:
    /// its rows are consecutive, and code walks them as one run of elements), or inside
    /// `array` itself.
    fn inside_whole_array(&mut self, array: &Expr, offset: ValExpr) -> Option<Region> {
        let mut array = strip_casts(array);
        let mut offset = offset;
        while let ExprKind::Index { base, index } = &array.kind {
            let outer = strip_casts(base);
            if outer.ty.class != TypeClass::Array || outer.ty.pointee_size == 0 {
                break;
            }
            let row = self.offset_bytes(index, outer.ty.pointee_size, false);
            offset = ValExpr::Binary { op: ValBinOp::Add, ty: SIZE_SIGNED, lhs: Box::new(row), rhs: Box::new(offset) };
            array = outer;
        }
        match self.access_base(array) {
            Some(AccessBase::Object(bytes)) => Some(Region::Object { bytes, offset }),
            _ => None,
        }
    }

    /// [`ValueOp::PointTo`] for `p += k` and `p -= k`: the pointer moves by `k` elements.
    pub(super) fn record_pointer_step(&mut self, t: crate::PathId, pointer: &Expr, step: &Expr, back: bool) {
        self.record_moved(t, pointer, |b, elem| b.offset_bytes(step, elem, back));
    }

    /// [`ValueOp::PointTo`] for `p++` / `p--` (a step of one element).
    pub(super) fn record_pointer_increment(&mut self, t: crate::PathId, pointer: &Expr, step: i64) {
        self.record_moved(t, pointer, |_, elem| ValExpr::Const(step.saturating_mul(i64::from(elem))));
    }

    /// [`ValueOp::PointTo`] for the pointer variable `t` moved from where it points by the
    /// bytes `bytes` gives for the size of what `pointer` points to.
    fn record_moved(&mut self, t: crate::PathId, pointer: &Expr, bytes: impl FnOnce(&mut Self, u32) -> ValExpr) {
        let elem = pointer.ty.pointee_size;
        if elem == 0 || self.paths.get(t).is_none_or(|p| !p.is_variable()) {
            return;
        }
        let bytes = bytes(self, elem);
        self.value_op(ValueOp::PointTo { target: t, region: Region::Moved { base: t, bytes } });
    }

    /// The bytes `count` elements of `elem` bytes span, negated for `back` (as `0 - k`, which
    /// [`crate::Region::moved_back_from`] reads).
    fn offset_bytes(&mut self, count: &Expr, elem: u32, back: bool) -> ValExpr {
        let value = self.size_value(count);
        let scaled = if elem == 1 { value } else { ValExpr::Binary { op: ValBinOp::Mul, ty: SIZE_SIGNED, lhs: Box::new(value), rhs: Box::new(ValExpr::Const(i64::from(elem))) } };
        if back {
            ValExpr::Binary { op: ValBinOp::Sub, ty: SIZE_SIGNED, lhs: Box::new(ValExpr::Const(0)), rhs: Box::new(scaled) }
        } else {
            scaled
        }
    }

    /// The value of an integer size or count expression, in its own type.
    fn size_value(&mut self, e: &Expr) -> ValExpr {
        match IntType::of(&e.ty) {
            Some(ty) => ValExpr::Cast(ty, Box::new(self.val_expr(e))),
            None => ValExpr::Unknown,
        }
    }

    /// [`ValueOp::PassMemory`] for each argument of a call of a function of the program that is
    /// memory of a size the analysis may know (an array, a pointer variable).
    pub(super) fn record_passed_memory(&mut self, args: &[Expr]) {
        for (arg, a) in args.iter().enumerate() {
            if a.span.from_macro {
                continue;
            }
            if let Some(base) = self.access_base(a) {
                self.value_op(ValueOp::PassMemory { arg, base, span: a.span });
            }
        }
    }

    /// [`ValueOp::PassValue`] for each integer argument of a call of a function of the program
    /// whose value the IR models (a variable, a constant, arithmetic on them).
    pub(super) fn record_passed_values(&mut self, args: &[Expr]) {
        for (arg, a) in args.iter().enumerate() {
            if a.ty.class != TypeClass::Integer {
                continue;
            }
            let value = self.size_value(a);
            if value.any(|e| matches!(e, ValExpr::Unknown)) {
                continue;
            }
            self.value_op(ValueOp::PassValue { arg, value, span: a.span });
        }
    }

    /// [`ValueOp::Access`] of the bytes a library routine copies, fills or compares
    /// (`buffer_size` pairs of its model: `memcpy(d, s, n)` writes `n` bytes of `d` and reads
    /// `n` of `s`), and of what a string copy writes when the string's length is known
    /// (`strcpy(d, "literal")`).
    pub(super) fn record_library_accesses(&mut self, m: &FunctionModel, args: &[Expr], span: Span) {
        if span.from_macro {
            return;
        }
        let sized = m.buffer_size.iter().map(|&(b, n)| (b, n, true)).chain(m.buffer_elements.iter().map(|&(b, n)| (b, n, false)));
        for (b, n, in_bytes) in sized {
            let (Some(buf), Some(size)) = (args.get(b), args.get(n)) else { continue };
            let Some(base) = self.access_base(buf) else { continue };
            let elem = if in_bytes { 1 } else { strip_casts(buf).ty.pointee_size };
            if elem == 0 {
                continue;
            }
            let how = if m.writes.contains(&b) { AccessKind::LibraryWrite } else { AccessKind::LibraryRead };
            let count = self.size_value(size);
            self.value_op(ValueOp::Access { base, start: ValExpr::Const(0), count, elem, index_type: None, how, span: buf.span });
        }
        // A copy of a string literal writes its characters and the terminator.
        if let [d, s] = m.copies_string[..] {
            let (Some(dest), Some(src)) = (args.get(d), args.get(s)) else { return };
            let literal = strip_casts(src);
            // The literal's type counts its characters and the terminator.
            if !matches!(literal.kind, ExprKind::StringLit(_)) || literal.ty.array_len == 0 {
                return;
            }
            let Some(base) = self.access_base(dest) else { return };
            let elem = literal.ty.pointee_size.max(1);
            let Ok(count) = i64::try_from(literal.ty.array_len) else { return };
            self.value_op(ValueOp::Access { base, start: ValExpr::Const(0), count: ValExpr::Const(count), elem, index_type: None, how: AccessKind::LibraryWrite, span: dest.span });
        }
    }
}

/// `size_t`, the type sizes are computed in.
const SIZE: IntType = IntType { bits: 64, signed: false };
/// `ptrdiff_t`, the type offsets are computed in.
const SIZE_SIGNED: IntType = IntType { bits: 64, signed: true };
