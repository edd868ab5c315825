//! Integer intervals with C's conversions and operators.
//!
//! Bounds are `i128`, so every value of every integer type up to 64 bits (signed or not) is
//! representable and arithmetic on bounds cannot overflow. An operation whose exact result
//! does not fit the type it is computed in gives the whole type (wrap-around of unsigned types,
//! undefined signed overflow): never a wrong bound.

use goanna_cfg::{IntType, ValBinOp, ValUnOp};

/// A non-empty set of integers `lo ..= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// Smallest value.
    pub lo: i128,
    /// Largest value.
    pub hi: i128,
}

/// Every value of every modelled type.
pub const FULL: Interval = Interval { lo: -(1i128 << 63), hi: (1i128 << 64) - 1 };

impl Interval {
    /// The single value `c`.
    pub fn constant(c: i128) -> Interval {
        Interval { lo: c, hi: c }
    }

    /// Every value of `ty`.
    pub fn of_type(ty: IntType) -> Interval {
        Interval { lo: ty.min(), hi: ty.max() }
    }

    /// `lo ..= hi`, or `None` when empty.
    pub fn new(lo: i128, hi: i128) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi })
    }

    /// The value when the interval holds exactly one.
    pub fn singleton(self) -> Option<i128> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// True when `c` is in the interval.
    pub fn contains(self, c: i128) -> bool {
        self.lo <= c && c <= self.hi
    }

    /// Smallest interval holding both.
    pub fn join(self, other: Interval) -> Interval {
        Interval { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }

    /// Intersection, `None` when empty.
    pub fn meet(self, other: Interval) -> Option<Interval> {
        Interval::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }

    /// Widening of `self` (the old value) by `new`: a bound that moves jumps to the end of
    /// `ty`'s range.
    pub fn widen(self, new: Interval, ty: Interval) -> Interval {
        Interval {
            lo: if new.lo < self.lo { ty.lo.min(new.lo) } else { self.lo },
            hi: if new.hi > self.hi { ty.hi.max(new.hi) } else { self.hi },
        }
    }

    /// True when every value is a value of `ty`.
    pub fn fits(self, ty: IntType) -> bool {
        ty.min() <= self.lo && self.hi <= ty.max()
    }

    /// The values after conversion to `ty` (C 6.3.1.3: modulo for unsigned targets; for signed
    /// targets out-of-range values give the whole type).
    pub fn convert(self, ty: IntType) -> Interval {
        if self.fits(ty) {
            return self;
        }
        if ty.width() == 1 {
            // `_Bool`: zero stays zero, anything else is one (not arithmetic modulo 2).
            return if !self.contains(0) { Interval::constant(1) } else { Interval::of_type(ty) };
        }
        if !ty.signed {
            let m = 1i128 << ty.width();
            let (lo, hi) = (self.lo.rem_euclid(m), self.hi.rem_euclid(m));
            if self.hi - self.lo < m && lo <= hi {
                return Interval { lo, hi };
            }
        }
        Interval::of_type(ty)
    }

    /// `op x` computed in `ty`.
    pub fn unary(op: ValUnOp, ty: IntType, x: Interval) -> Interval {
        let x = x.convert(ty);
        let r = match op {
            ValUnOp::Neg => Interval { lo: -x.hi, hi: -x.lo },
            ValUnOp::Not => {
                return if x == Interval::constant(0) {
                    Interval::constant(1)
                } else if !x.contains(0) {
                    Interval::constant(0)
                } else {
                    Interval { lo: 0, hi: 1 }
                }
            }
            ValUnOp::BitNot => Interval { lo: -1 - x.hi, hi: -1 - x.lo },
        };
        wrap(r, ty)
    }

    /// The exact result of `l op r` for the operators that may overflow (`+`, `-`, `*`, `<<`),
    /// before it is wrapped into `ty`: `l` and `r` are first converted to `ty`, as the
    /// operation converts its operands. `None` for other operators, and for a shift that is
    /// undefined for some of the values (a negative left operand, an amount that is negative
    /// or not below the width): [`Interval::shift_amount_outside`] is about those.
    pub fn unwrapped(op: ValBinOp, ty: IntType, l: Interval, r: Interval) -> Option<Interval> {
        let (l, r) = (l.convert(ty), r.convert(ty));
        let corners = |f: &dyn Fn(i128, i128) -> i128| {
            let v = [f(l.lo, r.lo), f(l.lo, r.hi), f(l.hi, r.lo), f(l.hi, r.hi)];
            Interval { lo: *v.iter().min().unwrap_or(&0), hi: *v.iter().max().unwrap_or(&0) }
        };
        Some(match op {
            ValBinOp::Add => Interval { lo: l.lo + r.lo, hi: l.hi + r.hi },
            ValBinOp::Sub => Interval { lo: l.lo - r.hi, hi: l.hi - r.lo },
            // Bounds are below 2^64 in magnitude: a product may pass i128's range, so it
            // saturates (and then does not fit the type).
            ValBinOp::Mul => corners(&|a, b| a.saturating_mul(b)),
            ValBinOp::Shl => {
                if l.lo < 0 || r.lo < 0 || r.hi >= i128::from(ty.width()) || l.hi >= (1i128 << 64) {
                    return None;
                }
                // l.hi < 2^64 and r.hi < 64: the shifted bound stays below 2^127.
                Interval { lo: l.lo << r.lo, hi: l.hi << r.hi }
            }
            _ => return None,
        })
    }

    /// The exact result of `-x` computed in `ty` (`x` first converted to it), before it is
    /// wrapped into `ty`; `None` only when a bound cannot be negated in `i128`.
    pub fn negated(ty: IntType, x: Interval) -> Option<Interval> {
        let x = x.convert(ty);
        Some(Interval { lo: x.hi.checked_neg()?, hi: x.lo.checked_neg()? })
    }

    /// True when a shift in `ty` by an amount in `amount` is undefined for every one of them:
    /// every amount is negative, or every one is at least the width of `ty`.
    pub fn shift_amount_outside(ty: IntType, amount: Interval) -> bool {
        amount.hi < 0 || amount.lo >= i128::from(ty.width())
    }

    /// `l op r` computed in `ty` (for comparisons: compared in `ty`, giving 0 or 1).
    pub fn binary(op: ValBinOp, ty: IntType, l: Interval, r: Interval) -> Interval {
        let (l, r) = (l.convert(ty), r.convert(ty));
        let whole = Interval::of_type(ty);
        if op.is_comparison() {
            return match compare(op, l, r) {
                Some(true) => Interval::constant(1),
                Some(false) => Interval::constant(0),
                None => Interval { lo: 0, hi: 1 },
            };
        }
        if let Some(exact) = Interval::unwrapped(op, ty, l, r) {
            return wrap(exact, ty);
        }
        let r = match op {
            ValBinOp::Div => {
                // Division truncates toward zero; the parts of the divisor on each side of 0.
                let neg = Interval::new(r.lo, r.hi.min(-1));
                let pos = Interval::new(r.lo.max(1), r.hi);
                let part = |d: Interval| {
                    let v = [l.lo / d.lo, l.lo / d.hi, l.hi / d.lo, l.hi / d.hi];
                    Interval { lo: *v.iter().min().unwrap_or(&0), hi: *v.iter().max().unwrap_or(&0) }
                };
                match (neg.map(part), pos.map(part)) {
                    (Some(a), Some(b)) => a.join(b),
                    (Some(a), None) | (None, Some(a)) => a,
                    (None, None) => return whole,
                }
            }
            ValBinOp::Rem => {
                let m = r.lo.abs().max(r.hi.abs());
                if m == 0 {
                    return whole;
                }
                if l.lo >= 0 {
                    Interval { lo: 0, hi: l.hi.min(m - 1) }
                } else if l.hi <= 0 {
                    Interval { lo: l.lo.max(-(m - 1)), hi: 0 }
                } else {
                    Interval { lo: l.lo.max(-(m - 1)), hi: l.hi.min(m - 1) }
                }
            }
            ValBinOp::BitAnd => {
                if let (Some(a), Some(b)) = (l.singleton(), r.singleton()) {
                    Interval::constant(a & b)
                } else if l.lo >= 0 && r.lo >= 0 {
                    Interval { lo: 0, hi: l.hi.min(r.hi) }
                } else if l.lo >= 0 {
                    Interval { lo: 0, hi: l.hi }
                } else if r.lo >= 0 {
                    Interval { lo: 0, hi: r.hi }
                } else {
                    whole
                }
            }
            ValBinOp::BitOr | ValBinOp::BitXor => {
                if let (Some(a), Some(b)) = (l.singleton(), r.singleton()) {
                    Interval::constant(if op == ValBinOp::BitOr { a | b } else { a ^ b })
                } else if l.lo >= 0 && r.lo >= 0 {
                    let top = l.hi.max(r.hi);
                    let bits = 128 - top.leading_zeros();
                    let lo = if op == ValBinOp::BitOr { l.lo.max(r.lo) } else { 0 };
                    Interval { lo, hi: (1i128 << bits) - 1 }
                } else {
                    whole
                }
            }
            ValBinOp::Shr => {
                if l.lo < 0 || r.lo < 0 || r.hi >= i128::from(ty.width()) {
                    return whole;
                }
                Interval { lo: l.lo >> r.hi, hi: l.hi >> r.lo }
            }
            _ => whole,
        };
        wrap(r, ty)
    }
}

/// An exact result as a value of `ty`: itself when it fits, else the whole type.
fn wrap(r: Interval, ty: IntType) -> Interval {
    if r.fits(ty) {
        r
    } else {
        Interval::of_type(ty)
    }
}

/// The truth of `l op r` for every pair of values, when it is the same for all.
pub fn compare(op: ValBinOp, l: Interval, r: Interval) -> Option<bool> {
    match op {
        ValBinOp::Lt => decide(l.hi < r.lo, l.lo >= r.hi),
        ValBinOp::Le => decide(l.hi <= r.lo, l.lo > r.hi),
        ValBinOp::Gt => decide(l.lo > r.hi, l.hi <= r.lo),
        ValBinOp::Ge => decide(l.lo >= r.hi, l.hi < r.lo),
        ValBinOp::Eq => decide(l.singleton().is_some() && l == r, l.meet(r).is_none()),
        ValBinOp::Ne => decide(l.meet(r).is_none(), l.singleton().is_some() && l == r),
        _ => None,
    }
}

fn decide(always: bool, never: bool) -> Option<bool> {
    if always {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

/// The parts of `l` and `r` for which `l op r` holds (`None` when no pair does).
pub fn restrict(op: ValBinOp, l: Interval, r: Interval) -> Option<(Interval, Interval)> {
    match op {
        ValBinOp::Lt => Some((l.meet(Interval { lo: l.lo, hi: r.hi - 1 })?, r.meet(Interval { lo: l.lo + 1, hi: r.hi })?)),
        ValBinOp::Le => Some((l.meet(Interval { lo: l.lo, hi: r.hi })?, r.meet(Interval { lo: l.lo, hi: r.hi })?)),
        ValBinOp::Gt => restrict(ValBinOp::Lt, r, l).map(|(a, b)| (b, a)),
        ValBinOp::Ge => restrict(ValBinOp::Le, r, l).map(|(a, b)| (b, a)),
        ValBinOp::Eq => {
            let m = l.meet(r)?;
            Some((m, m))
        }
        ValBinOp::Ne => {
            let cut = |x: Interval, c: Option<i128>| -> Option<Interval> {
                match c {
                    Some(c) if x.lo == c && x.hi == c => None,
                    Some(c) if x.lo == c => Some(Interval { lo: c + 1, hi: x.hi }),
                    Some(c) if x.hi == c => Some(Interval { lo: x.lo, hi: c - 1 }),
                    _ => Some(x),
                }
            };
            Some((cut(l, r.singleton())?, cut(r, l.singleton())?))
        }
        _ => Some((l, r)),
    }
}

/// The comparison that holds when `op` does not.
pub fn negate(op: ValBinOp) -> ValBinOp {
    match op {
        ValBinOp::Lt => ValBinOp::Ge,
        ValBinOp::Le => ValBinOp::Gt,
        ValBinOp::Gt => ValBinOp::Le,
        ValBinOp::Ge => ValBinOp::Lt,
        ValBinOp::Eq => ValBinOp::Ne,
        ValBinOp::Ne => ValBinOp::Eq,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: IntType = IntType::INT;
    const UINT: IntType = IntType { bits: 32, signed: false };

    fn iv(lo: i128, hi: i128) -> Interval {
        Interval { lo, hi }
    }

    #[test]
    fn arithmetic_is_exact_on_constants() {
        let two = Interval::constant(2);
        let d = Interval::binary(ValBinOp::Mul, INT, two, two);
        assert_eq!(Interval::binary(ValBinOp::Sub, INT, d, Interval::constant(4)), Interval::constant(0));
        assert_eq!(Interval::binary(ValBinOp::Div, INT, Interval::constant(-7), two), Interval::constant(-3));
        assert_eq!(Interval::binary(ValBinOp::Rem, INT, Interval::constant(7), Interval::constant(3)), iv(0, 2));
    }

    #[test]
    fn unsigned_wraps_and_signed_overflow_is_the_whole_type() {
        let minus_one = Interval::constant(-1).convert(UINT);
        assert_eq!(minus_one, Interval::constant(u32::MAX as i128));
        let max = Interval::constant(i32::MAX as i128);
        assert_eq!(Interval::binary(ValBinOp::Add, INT, max, Interval::constant(1)), Interval::of_type(INT));
        // `u > -1` compares with UINT_MAX: never true.
        assert_eq!(compare(ValBinOp::Gt, iv(0, 10), Interval::constant(-1).convert(UINT)), Some(false));
    }

    #[test]
    fn comparisons_decide_only_when_certain() {
        assert_eq!(compare(ValBinOp::Lt, iv(0, 4), Interval::constant(10)), Some(true));
        assert_eq!(compare(ValBinOp::Lt, iv(0, 10), Interval::constant(10)), None);
        assert_eq!(compare(ValBinOp::Eq, iv(0, 0), Interval::constant(1)), Some(false));
        assert_eq!(restrict(ValBinOp::Lt, iv(0, 100), Interval::constant(5)), Some((iv(0, 4), Interval::constant(5))));
        assert_eq!(restrict(ValBinOp::Gt, iv(0, 4), Interval::constant(10)), None);
        assert_eq!(restrict(ValBinOp::Ne, iv(0, 3), Interval::constant(0)), Some((iv(1, 3), Interval::constant(0))));
    }

    #[test]
    fn wide_operands_do_not_overflow() {
        let u64t = IntType { bits: 64, signed: false };
        let big = Interval::of_type(u64t);
        assert_eq!(Interval::binary(ValBinOp::Mul, u64t, big, big), big);
        assert_eq!(Interval::binary(ValBinOp::Shl, u64t, big, iv(0, 63)), big);
        let boolean = IntType { bits: 1, signed: false };
        assert_eq!(Interval::constant(2).convert(boolean), Interval::constant(1));
        let odd = IntType { bits: 0, signed: true };
        assert_eq!(Interval::binary(ValBinOp::Add, odd, Interval::constant(0), Interval::constant(0)), Interval::constant(0));
    }

    #[test]
    fn division_skips_a_zero_divisor() {
        assert_eq!(Interval::binary(ValBinOp::Div, INT, iv(10, 10), iv(0, 2)), iv(5, 10));
        assert_eq!(Interval::binary(ValBinOp::Div, INT, iv(10, 10), iv(-2, 2)), iv(-10, 10));
    }
}
