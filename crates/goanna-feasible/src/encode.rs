//! Values as Z3 terms: every followed value is a 64-bit bit-vector holding the sign- or
//! zero-extension of its value in its own C type, so C's widths, signedness and wrap-around are
//! exact; pointers are 64-bit addresses with NULL as 0.

use crate::events::{normal_steps, root_identity, Event, Frame, VarKey};
use goanna_ast::TypeClass;
use goanna_cfg::{AccessPath, IntType, PathId, PathStep, PureArg, StringComparison, ValBinOp, ValExpr, ValUnOp};
use rustc_hash::FxHashMap;
use z3::ast::{Bool, BV};

/// Width of every term.
const WIDTH: u32 = 64;

/// Most pointers a new object is stated distinct from.
const MAX_DISTINCT: usize = 64;

/// Largest constant a 64-bit unsigned count is believed to take without wrapping around.
const MAX_NO_WRAP_ADDEND: i64 = 1 << 32;

/// Most literals a pointer compared as a string is tried as.
const MAX_LITERALS: usize = 32;

/// The top two bits of every address of a named object (a variable's own storage, `&x`, an
/// array): named objects live in a range of addresses of their own, which no block a library
/// allocates shares ([`not_named`]), so a fresh block is never `&x` (`if (copy != stackbuf)
/// free(copy);`). The range is a quarter of the address space, below the sentinels at its top.
const NAMED_TAG: u64 = 0b01;

/// One version of a followed value (SSA): the value and its version number.
pub(crate) type Version = (VarKey, u32);

/// The current version of every followed value along the path encoded so far.
#[derive(Clone)]
pub(crate) struct Encoder<'f, 'a> {
    frame: &'f Frame<'a>,
    current: FxHashMap<VarKey, (BV, u32)>,
    next_version: FxHashMap<VarKey, u32>,
    /// Facts about values the encoder made up (an address is not NULL), for the path to state.
    assumptions: Vec<Bool>,
    /// The calls of pure library functions encoded so far ([`ValExpr::PureCall`]).
    pure_calls: Vec<PureCallTerm>,
    /// Facts the encoding of pure calls implies, for the path to state ([`Encoder::take_facts`]).
    facts: Vec<(Bool, Vec<Version>)>,
    /// The string literals whose addresses the path stored so far ([`ValExpr::StringLit`]).
    literals: Vec<String>,
}

/// One encoded call of a pure library function: its arguments as terms (for a pointer it
/// reads through, the pointer and what it points to), its result, and the versions they read.
#[derive(Clone)]
struct PureCallTerm {
    usr: String,
    args: Vec<BV>,
    result: BV,
    reads: Vec<Version>,
}

/// A constant of the term width.
pub(crate) fn constant(v: i64) -> BV {
    BV::from_i64(v, WIDTH)
}

/// A string literal as a term: the same for the same characters.
fn literal_identity(text: &str) -> BV {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    BV::from_u64(h, WIDTH)
}

/// The address of the named object `name`: the same term wherever it is named, in the range
/// of named objects ([`NAMED_TAG`]) and with a bit set so it is not NULL.
fn named_address(name: String) -> BV {
    BV::from_u64(NAMED_TAG, 2).concat(BV::new_const(name, WIDTH - 2)).bvor(constant(1 << 12))
}

/// `address` is not the address of a named object ([`NAMED_TAG`]): true of every block a
/// library allocates.
pub(crate) fn not_named(address: &BV) -> Bool {
    address.extract(WIDTH - 1, WIDTH - 2).eq(BV::from_u64(NAMED_TAG, 2)).not()
}

/// `1` when `b` holds, else `0`.
fn truth(b: &Bool) -> BV {
    b.ite(&constant(1), &constant(0))
}

/// The value `v` (the extension of some value) converted to `ty`: its low bits, extended again.
pub(crate) fn convert(v: &BV, ty: IntType) -> BV {
    let bits = ty.width();
    if bits >= WIDTH {
        return v.clone();
    }
    let low = v.extract(bits - 1, 0);
    if ty.signed {
        low.sign_ext(WIDTH - bits)
    } else {
        low.zero_ext(WIDTH - bits)
    }
}

impl<'f, 'a> Encoder<'f, 'a> {
    /// An encoder with no value known.
    pub(crate) fn new(frame: &'f Frame<'a>) -> Self {
        Encoder { frame, current: FxHashMap::default(), next_version: FxHashMap::default(), assumptions: Vec::new(), pure_calls: Vec::new(), facts: Vec::new(), literals: Vec::new() }
    }

    /// The frame whose values the encoder holds.
    pub(crate) fn frame(&self) -> &'f Frame<'a> {
        self.frame
    }

    /// True when the path holds a value the encoding follows.
    pub(crate) fn follows(&self, id: PathId) -> bool {
        self.frame.is_value(id)
    }

    /// Gives `key` the value `value` as its first version (a callee's parameter: the caller's
    /// argument).
    pub(crate) fn preset(&mut self, key: &VarKey, value: BV) {
        let version = self.next_version.entry(key.clone()).or_insert(0);
        *version += 1;
        let v = *version;
        self.current.insert(key.clone(), (value, v));
    }

    /// Records a fact about a made-up value, for the path to state ([`Encoder::take_assumptions`]).
    pub(crate) fn assume(&mut self, fact: Bool) {
        self.assumptions.push(fact);
    }

    /// The facts recorded by [`Encoder::assume`] since the last call.
    pub(crate) fn take_assumptions(&mut self) -> Vec<Bool> {
        std::mem::take(&mut self.assumptions)
    }

    /// The facts the values encoded since the last call imply (two calls of a pure function
    /// with the same arguments return the same), with the versions each reads.
    pub(crate) fn take_facts(&mut self) -> Vec<(Bool, Vec<Version>)> {
        std::mem::take(&mut self.facts)
    }

    /// The result of a call of the pure library function `usr`: a new value, equal to the
    /// result of every earlier call of it whose arguments, and the memory read through them,
    /// are equal.
    fn pure_call(&mut self, usr: &str, args: &[PureArg], reads: &mut Vec<Version>) -> BV {
        let mut own = Vec::new();
        let mut terms = Vec::with_capacity(args.len() * 2);
        for arg in args {
            match arg {
                PureArg::Value(v) => terms.push(self.expr(v, &mut own)),
                PureArg::Literal(text) => {
                    let h = literal_identity(text);
                    terms.push(h.clone());
                    terms.push(h);
                }
                PureArg::Pointed(p) => {
                    let (pointer, contents) = self.pointed(*p, &mut own);
                    terms.push(pointer);
                    terms.push(contents);
                }
            }
        }
        let result = BV::fresh_const("pure", WIDTH);
        for earlier in self.pure_calls.iter().filter(|c| c.usr == usr && c.args.len() == terms.len()) {
            let same = Bool::and(&earlier.args.iter().zip(&terms).map(|(a, b)| a.eq(b)).collect::<Vec<_>>());
            let mut versions = earlier.reads.clone();
            versions.extend(own.iter().cloned());
            self.facts.push((same.implies(earlier.result.eq(&result)), versions));
        }
        self.pure_calls.push(PureCallTerm { usr: usr.to_string(), args: terms, result: result.clone(), reads: own.clone() });
        reads.extend(own);
        result
    }

    /// States what a comparison of two strings (`strcmp(kdfname, "bcrypt")`) returns when each
    /// is a literal: a literal argument, or a pointer holding one of the literals the path
    /// stored ([`ValExpr::StringLit`]); 0 exactly when their characters are equal.
    fn compare_literals(&mut self, how: &StringComparison, args: &[PureArg], result: &BV) {
        let length = match how.length.map(|k| args.get(k)) {
            None => None,
            Some(Some(PureArg::Value(v))) => match v.constant() {
                Some(n) => Some(n),
                None => return,
            },
            Some(_) => return,
        };
        // Each string's possible literals, with the condition that it is that one.
        let mut candidates = |k: usize| -> Vec<(String, Option<Bool>, Vec<Version>)> {
            match args.get(k) {
                Some(PureArg::Literal(text)) => vec![(text.clone(), None, Vec::new())],
                Some(PureArg::Pointed(p)) if self.frame.is_value(*p) && !self.literals.is_empty() => {
                    let key = VarKey::Path(*p);
                    let (pointer, version) = self.read(&key);
                    self.literals
                        .iter()
                        .take(MAX_LITERALS)
                        .map(|text| (text.clone(), Some(pointer.eq(literal_identity(text))), vec![(key.clone(), version)]))
                        .collect()
                }
                _ => Vec::new(),
            }
        };
        let (first, second) = (candidates(how.strings.0), candidates(how.strings.1));
        for (a, a_is, a_reads) in &first {
            for (b, b_is, b_reads) in &second {
                let Some(equal) = how.equal(a, b, length) else { continue };
                // The functions return an `int`: its bits are the result's low 32.
                let zero = result.extract(31, 0).eq(BV::from_u64(0, 32));
                let outcome = if equal { zero } else { zero.not() };
                let conditions: Vec<&Bool> = a_is.iter().chain(b_is.iter()).collect();
                let fact = if conditions.is_empty() { outcome } else { Bool::and(&conditions).implies(outcome) };
                let mut versions = a_reads.clone();
                versions.extend(b_reads.iter().cloned());
                self.facts.push((fact, versions));
            }
        }
    }

    /// A pointer a pure function reads through, and what it points to, as terms: a new value
    /// of each when the encoding does not follow the pointer.
    fn pointed(&mut self, p: PathId, reads: &mut Vec<Version>) -> (BV, BV) {
        let Some(path) = self.frame.cfg.paths.get(p.0 as usize).filter(|_| self.frame.is_value(p)) else {
            return (BV::fresh_const("u", WIDTH), BV::fresh_const("u", WIDTH));
        };
        let key = VarKey::Path(p);
        let (pointer, version) = self.read(&key);
        reads.push((key, version));
        let mut steps = normal_steps(&path.steps);
        steps.push(PathStep::Deref);
        let like = AccessPath { steps: Vec::new(), class: TypeClass::Integer, field_int: None, in_union: false, result_of: None, depends_on: Vec::new(), pointee_record: String::new(), root: path.root.clone() };
        let contents_key = self.frame.key_of(&path.root, normal_steps(&steps), &like);
        let (contents, version) = self.read(&contents_key);
        reads.push((contents_key, version));
        (pointer, contents)
    }

    /// Gives the pointer `p` a new object of the library (or NULL): a new version that is
    /// none of the pointers that exist before it, those the encoding holds and the function's
    /// pointer variables (parameters, `stdin`), read now, nor the address of any named object
    /// ([`not_named`]). The fact and the versions it reads.
    pub(crate) fn new_object(&mut self, p: PathId) -> (Bool, Vec<Version>) {
        self.fresh(&VarKey::Path(p));
        self.distinct_from_others(p)
    }

    /// The fact that the current value of pointer `p` is NULL or an object none of the other
    /// pointers holds (those the encoding holds and the function's pointer variables, read
    /// now) and no named object is ([`not_named`]): what a block just allocated satisfies,
    /// inline ([`Encoder::new_object`]) or returned by a callee that allocated it. The fact
    /// and the versions it reads, `p`'s first.
    pub(crate) fn distinct_from_others(&mut self, p: PathId) -> (Bool, Vec<Version>) {
        let frame = self.frame;
        let is_pointer = |key: &VarKey| match key {
            VarKey::Path(id) => frame.cfg.paths.get(id.0 as usize).is_some_and(|q| q.class == TypeClass::Pointer),
            VarKey::Reached(r) => r.path().class == TypeClass::Pointer,
            VarKey::Result(_) => false,
        };
        let own = VarKey::Path(p);
        for (i, q) in frame.cfg.paths.iter().enumerate() {
            if q.is_variable() && q.class == TypeClass::Pointer && PathId(i as u32) != p && frame.is_value(PathId(i as u32)) {
                self.read(&VarKey::Path(PathId(i as u32)));
            }
        }
        let mut existing: Vec<(VarKey, BV, u32)> = self
            .current
            .iter()
            .filter(|(key, _)| **key != own && is_pointer(key))
            .map(|(key, (term, version))| (key.clone(), term.clone(), *version))
            .collect();
        existing.sort_by(|a, b| a.0.cmp(&b.0));
        existing.truncate(MAX_DISTINCT);
        let (v, version) = self.read(&own);
        let mut distinct: Vec<Bool> = existing.iter().map(|(_, term, _)| v.eq(term).not()).collect();
        distinct.push(not_named(&v));
        let fact = v.eq(constant(0)) | Bool::and(&distinct);
        let mut versions = vec![(own, version)];
        versions.extend(existing.into_iter().map(|(key, _, version)| (key, version)));
        (fact, versions)
    }

    /// The integer type of an integer path, when known.
    pub(crate) fn int_type(&self, id: PathId) -> Option<IntType> {
        self.frame.cfg.paths.get(id.0 as usize)?.int_type()
    }

    /// The integer type of the value `key` names, when known.
    pub(crate) fn key_int_type(&self, key: &VarKey) -> Option<IntType> {
        match key {
            VarKey::Path(id) => self.int_type(*id),
            VarKey::Reached(r) => r.path().int_type(),
            VarKey::Result(_) => None,
        }
    }

    /// A new version of `key` without constraint (of the key's type, when known).
    pub(crate) fn fresh(&mut self, key: &VarKey) -> (BV, u32) {
        let version = self.next_version.entry(key.clone()).or_insert(0);
        *version += 1;
        let v = *version;
        let ty = self.key_int_type(key);
        // Traced constraints name each value by what it is the value of.
        let prefix = if crate::trace::enabled() { self.key_name(key) } else { String::from("v") };
        let term = match ty {
            Some(ty) if ty.width() < WIDTH => {
                let narrow = BV::fresh_const(&prefix, ty.width());
                if ty.signed {
                    narrow.sign_ext(WIDTH - ty.width())
                } else {
                    narrow.zero_ext(WIDTH - ty.width())
                }
            }
            _ => BV::fresh_const(&prefix, WIDTH),
        };
        self.current.insert(key.clone(), (term.clone(), v));
        (term, v)
    }

    /// The current value of `key` (a new, unconstrained one the first time it is read).
    pub(crate) fn read(&mut self, key: &VarKey) -> (BV, u32) {
        match self.current.get(key) {
            Some(known) => known.clone(),
            None => {
                let (v, version) = self.fresh(key);
                if self.frame.never_null(key) {
                    self.assume(v.eq(constant(0)).not());
                }
                if self.frame.never_negative(key) {
                    self.assume(v.bvsge(constant(0)));
                }
                (v, version)
            }
        }
    }

    /// Forgets `key`: its next read is a new value.
    pub(crate) fn forget(&mut self, key: &VarKey) {
        self.current.remove(key);
    }

    /// Forgets the elements indexed by the variable `index` (`p[i].len` once `i` is written):
    /// they name other elements now.
    pub(crate) fn forget_elements_of(&mut self, index: PathId) {
        let frame = self.frame;
        if frame.indexes(index) {
            self.current.retain(|k, _| !matches!(k, VarKey::Path(id) if frame.cfg.paths.get(id.0 as usize).is_some_and(|p| p.depends_on.contains(&index))));
        }
    }

    /// A name for the values of `key` in traced constraints: the path's text, made a symbol.
    fn key_name(&self, key: &VarKey) -> String {
        let text = match key {
            VarKey::Path(id) => self.frame.cfg.paths.get(id.0 as usize).map_or_else(String::new, |p| p.text()),
            other => format!("{other:?}"),
        };
        let name: String = text.chars().take(48).map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '.' }).collect();
        format!("v.{name}")
    }

    /// Forgets every value `event` gives a new value ([`Frame::event_writes`]): what a call or
    /// a store may change, a call's result, paths through a variable written whole.
    pub(crate) fn forget_written_by(&mut self, event: &Event<'_>) {
        let frame = self.frame;
        let trace = crate::trace::enabled();
        self.current.retain(|key, _| {
            let written = frame.event_writes(event, key);
            if written && trace {
                let name = match key {
                    VarKey::Path(id) => frame.cfg.paths.get(id.0 as usize).map_or_else(String::new, |p| p.text()),
                    other => format!("{other:?}"),
                };
                // The paths an event names, spelled, so that the trace reads without the graph.
                let named = format!("{event:?}");
                let spelled: Vec<String> = frame.cfg.paths.iter().enumerate().filter(|(i, _)| named.contains(&format!("PathId({i})"))).map(|(i, p)| format!("{i}={}", p.text())).collect();
                eprintln!("goanna-feasible: in `{}`, {name} forgotten by {event:?} [{}]", frame.cfg.name, spelled.join(", "));
            }
            !written
        });
    }

    /// The value of `e` and the versions it reads.
    pub(crate) fn expr(&mut self, e: &ValExpr, reads: &mut Vec<Version>) -> BV {
        match e {
            ValExpr::Const(v) | ValExpr::MacroConst(v) => constant(*v),
            ValExpr::Path(p) => {
                let key = VarKey::Path(*p);
                if !self.frame.is_value(*p) {
                    return BV::fresh_const("u", WIDTH);
                }
                let (term, version) = self.read(&key);
                reads.push((key, version));
                term
            }
            ValExpr::Call(usr) => {
                let key = VarKey::Result(usr.clone());
                let (term, version) = self.read(&key);
                reads.push((key, version));
                term
            }
            ValExpr::Address(p) => self.address(*p, reads),
            ValExpr::StringLit(text) => {
                if !self.literals.contains(text) {
                    self.literals.push(text.clone());
                }
                literal_identity(text)
            }
            ValExpr::PureCall { usr, args, counts_object, compares } => {
                let result = self.pure_call(usr, args, reads);
                if let Some(how) = compares {
                    self.compare_literals(how, args, &result);
                }
                // The size of an object: at most PTRDIFF_MAX (its top bit is clear).
                if *counts_object {
                    self.assume(result.bvule(constant(i64::MAX)));
                }
                result
            }
            ValExpr::Element(..) | ValExpr::Unknown => BV::fresh_const("u", WIDTH),
            ValExpr::Cast(ty, inner) => convert(&self.expr(inner, reads), *ty),
            ValExpr::Unary(op, ty, inner) => {
                let v = convert(&self.expr(inner, reads), *ty);
                match op {
                    ValUnOp::Neg => convert(&v.bvneg(), *ty),
                    ValUnOp::BitNot => convert(&v.bvnot(), *ty),
                    ValUnOp::Not => truth(&v.eq(constant(0))),
                }
            }
            // A product, quotient or remainder of two values that are not constants is any
            // value: the solver's bit-vector multiplication and division of unknowns can
            // exhaust its time limit on a long path (an `unknown` refutes nothing), and
            // leaving the value free only loses facts, never invents a contradiction.
            ValExpr::Binary { op: ValBinOp::Mul | ValBinOp::Div | ValBinOp::Rem, ty, lhs, rhs }
                if !is_constant(lhs) && !is_constant(rhs) =>
            {
                let _ = (self.expr(lhs, reads), self.expr(rhs, reads));
                convert(&BV::fresh_const("u", WIDTH), *ty)
            }
            ValExpr::Binary { op, ty, lhs, rhs } => {
                let ty = *ty;
                let a = self.expr(lhs, reads);
                let b = self.expr(rhs, reads);
                let (a, b) = if matches!(op, ValBinOp::Shl | ValBinOp::Shr) { (convert(&a, ty), b) } else { (convert(&a, ty), convert(&b, ty)) };
                let signed = ty.signed;
                let arith = |v: BV| convert(&v, ty);
                // A 64-bit unsigned count or size plus a small constant (`num_blocks + 256`)
                // does not wrap around to a small value: a count that close to 2^64 describes
                // no object in memory (as an object's size is at most PTRDIFF_MAX, above). A
                // belief, as for that size: it holds for the finding's own path only.
                if *op == ValBinOp::Add && !signed && ty.width() == 64 {
                    let small = |e: &ValExpr| const_value_of(e).is_some_and(|c| c > 0 && c <= MAX_NO_WRAP_ADDEND);
                    let (other, addend) = if small(rhs) && !is_constant(lhs) { (Some(&a), Some(&b)) } else if small(lhs) && !is_constant(rhs) { (Some(&b), Some(&a)) } else { (None, None) };
                    if let (Some(other), Some(addend)) = (other, addend) {
                        self.assume(other.bvadd(addend).bvuge(addend));
                    }
                }
                match op {
                    ValBinOp::Add => arith(a.bvadd(&b)),
                    ValBinOp::Sub => arith(a.bvsub(&b)),
                    ValBinOp::Mul => arith(a.bvmul(&b)),
                    ValBinOp::Div => arith(if signed { a.bvsdiv(&b) } else { a.bvudiv(&b) }),
                    ValBinOp::Rem => arith(if signed { a.bvsrem(&b) } else { a.bvurem(&b) }),
                    ValBinOp::BitAnd => arith(a.bvand(&b)),
                    ValBinOp::BitOr => arith(a.bvor(&b)),
                    ValBinOp::BitXor => arith(a.bvxor(&b)),
                    ValBinOp::Shl => arith(a.bvshl(&b)),
                    ValBinOp::Shr => arith(if signed { a.bvashr(&b) } else { a.bvlshr(&b) }),
                    ValBinOp::Lt => truth(&if signed { a.bvslt(&b) } else { a.bvult(&b) }),
                    ValBinOp::Le => truth(&if signed { a.bvsle(&b) } else { a.bvule(&b) }),
                    ValBinOp::Gt => truth(&if signed { a.bvsgt(&b) } else { a.bvugt(&b) }),
                    ValBinOp::Ge => truth(&if signed { a.bvsge(&b) } else { a.bvuge(&b) }),
                    ValBinOp::Eq => truth(&a.eq(&b)),
                    ValBinOp::Ne => truth(&a.eq(&b).not()),
                }
            }
        }
    }

    /// The address of the path `id`, never NULL: a constant of the variable's storage for
    /// `&x` and `&s.f` (the same term wherever it is named), the value of the pointer it goes
    /// through plus a constant of its members for `&p->f` (the same while `p` keeps its value).
    fn address(&mut self, id: PathId, reads: &mut Vec<Version>) -> BV {
        let Some(path) = self.frame.cfg.paths.get(id.0 as usize) else { return BV::fresh_const("u", WIDTH) };
        let steps = normal_steps(&path.steps);
        // The address of an element depends on its index's value: not a term of names.
        if steps.iter().any(|s| matches!(s, PathStep::Index(_))) {
            return BV::fresh_const("u", WIDTH);
        }
        let Some(k) = steps.iter().rposition(|s| matches!(s, PathStep::Arrow(_) | PathStep::Deref)) else {
            // A variable's own storage: one named constant.
            return named_address(format!("&{}|{}", root_identity(&path.root), path.text()));
        };
        let like = AccessPath { steps: Vec::new(), class: TypeClass::Pointer, field_int: None, in_union: false, result_of: None, depends_on: Vec::new(), pointee_record: String::new(), root: path.root.clone() };
        let key = self.frame.key_of(&path.root, steps[..k].to_vec(), &like);
        if matches!(key, VarKey::Path(b) if !self.frame.is_value(b)) {
            return BV::fresh_const("u", WIDTH);
        }
        let (base, version) = self.read(&key);
        reads.push((key.clone(), version));
        // The members after the pointer, as a small offset (`&p->f` != `&p->g`).
        let members = steps[k..].iter().fold(0u64, |h, s| {
            let name = match s {
                PathStep::Arrow(f) | PathStep::Field(f) => f.as_str(),
                PathStep::Deref | PathStep::Index(_) => "",
            };
            name.bytes().fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
        });
        let address = base.bvadd(&constant((members % 4093) as i64 + 1));
        // The address of an object is not NULL (`&p->f` of a NULL `p` is undefined).
        self.facts.push((address.eq(constant(0)).not(), vec![(key, version)]));
        address
    }

    /// A new version of the path `target` equal to `value` (converted to the path's type): the
    /// equation, and the new version.
    pub(crate) fn assign(&mut self, target: PathId, value: BV) -> (Bool, Version) {
        let key = VarKey::Path(target);
        let value = match self.int_type(target) {
            Some(ty) => convert(&value, ty),
            None => value,
        };
        let (term, version) = self.fresh(&key);
        (term.eq(&value), (key, version))
    }
}

/// The value of a constant written as a literal or a macro, through casts and constant sums,
/// differences and products (`4 * 64`), when it fits.
fn const_value_of(e: &ValExpr) -> Option<i64> {
    match e {
        ValExpr::Const(v) | ValExpr::MacroConst(v) => Some(*v),
        ValExpr::Cast(_, inner) => const_value_of(inner),
        ValExpr::Binary { op, lhs, rhs, .. } => {
            let (a, b) = (const_value_of(lhs)?, const_value_of(rhs)?);
            match op {
                ValBinOp::Add => a.checked_add(b),
                ValBinOp::Sub => a.checked_sub(b),
                ValBinOp::Mul => a.checked_mul(b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// True for an integer constant (through casts and negation).
fn is_constant(e: &ValExpr) -> bool {
    match e {
        ValExpr::Const(_) | ValExpr::MacroConst(_) => true,
        ValExpr::Cast(_, inner) | ValExpr::Unary(ValUnOp::Neg, _, inner) => is_constant(inner),
        _ => false,
    }
}
