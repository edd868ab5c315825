//! Lowering of one function definition to a [`Cfg`].
//!
//! The builder walks the syntax tree once, in evaluation order, and keeps a set of *pending*
//! edges: the edges that flow into whatever node is created next. Jumps (`break`, `continue`,
//! `goto`, `return`, non-returning calls) empty that set, so code after them gets no
//! predecessor and is later marked unreachable. Propositions of a statement are collected in an
//! *accumulator* and become one node when the statement ends, or earlier when control flow
//! splits inside the expression (`&&`, `||`, `?:`, `,`, statement expressions) or a call of a
//! function outside the library-model table needs its own [`NodeKind::Call`] node.
//!
//! Recursion over statements and expressions goes through [`stacker::maybe_grow`], so deeply
//! nested input (10,000-term expressions, long `if` nests) cannot overflow the stack of a
//! worker thread; `else if` chains are lowered iteratively. Building is linear in the size of
//! the tree (labels and access paths are hash maps; `goto`s are resolved in one pass at the
//! end).

mod bounds;
mod cond;
mod discarded_args;
mod expr;
mod fixed;
mod known_chars;
mod mistakes;
mod paths;
mod preset_outputs;
mod rebased;
mod handed_contents;
mod stmt;
mod stored_tests;
mod values;

use crate::graph::{Cfg, Edge, EdgeKind, Node, NodeId, NodeKind};
use crate::models::{FunctionModel, LibraryModels};
use crate::props::{PathId, Prop, PropKind, Subject};
use crate::reach;
use goanna_ast::{FunctionDecl, FunctionDef, Span, TranslationUnit};
use paths::PathTable;
use rustc_hash::{FxHashMap, FxHashSet};

/// Stack left free before [`stacker::maybe_grow`] allocates a new segment.
const RED_ZONE: usize = 64 * 1024;
/// Size of each new stack segment.
const STACK_SEGMENT: usize = 2 * 1024 * 1024;

/// Runs `f` with enough stack, growing it on the heap when needed.
fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, f)
}

/// Model used for compiler builtins (`__builtin_*`) that are not in the table: no effect, no
/// escape, and not a call node.
static BUILTIN_MODEL: FunctionModel = FunctionModel {
    alloc: false,
    alloc_out: Vec::new(),
    realloc_out: Vec::new(),
    def_out: Vec::new(),
    out_fails_when: None,
    realloc: false,
    may_return_null: false,
    null_latent: false,
    free: Vec::new(),
    noreturn: false,
    fopen: false,
    fclose: Vec::new(),
    open: false,
    close: Vec::new(),
    lock: Vec::new(),
    unlock: Vec::new(),
    resource_use: Vec::new(),
    deref: Vec::new(),
    deref_size: None,
    no_escape: true,
    blocks: false,
    must_check_result: false,
    input: false,
    scan_outputs_from: None,
    returns_arg: None,
    writes_globals: Vec::new(),
    equal_when_zero: Vec::new(),
    ignores_case: false,
    finds_char: Vec::new(),
    thread_start: Vec::new(),
    reads: Vec::new(),
    writes: Vec::new(),
    filled: false,
    stack: false,
    success: None,
    pure: false,
    counts_object: false,
    alloc_size: Vec::new(),
    buffer_size: Vec::new(),
    buffer_elements: Vec::new(),
    copies_string: Vec::new(),
    family: None,
};

/// Per-unit data shared by the graphs of all functions of a unit: the model table and indexes
/// of the unit's declarations. Build it once per unit and call [`CfgContext::build`] per
/// function (it is `Sync`, so functions can be built on several threads).
pub struct CfgContext<'a> {
    tu: &'a TranslationUnit,
    models: &'a LibraryModels,
    decls: FxHashMap<&'a str, &'a FunctionDecl>,
    defined: FxHashSet<&'a str>,
}

impl<'a> CfgContext<'a> {
    /// Indexes the unit's declarations (linear in their number).
    pub fn new(tu: &'a TranslationUnit, models: &'a LibraryModels) -> CfgContext<'a> {
        let mut decls = FxHashMap::default();
        let mut defined = FxHashSet::default();
        for d in &tu.declarations {
            decls.entry(d.usr.as_str()).or_insert(d);
            if d.has_definition {
                defined.insert(d.usr.as_str());
            }
        }
        for f in &tu.functions {
            defined.insert(f.usr.as_str());
        }
        CfgContext { tu, models, decls, defined }
    }

    /// The graph of one function definition of the unit.
    pub fn build(&self, func: &FunctionDef) -> Cfg {
        Builder::new(self).run(func)
    }

    /// The model of a callee by name: the table's entry, or a no-effect model for compiler
    /// builtins (`__builtin_*`) the table does not list.
    fn model(&self, name: &str) -> Option<&'a FunctionModel> {
        self.models.get(name).or_else(|| name.starts_with("__builtin_").then_some(&BUILTIN_MODEL))
    }

    /// True when the callee with this USR is declared never to return.
    fn is_noreturn_decl(&self, usr: &str) -> bool {
        self.decls.get(usr).is_some_and(|d| d.is_noreturn)
    }
}

/// The graphs of all function definitions of `tu`, in source order.
pub fn build_cfgs(tu: &TranslationUnit, models: &LibraryModels) -> Vec<Cfg> {
    let ctx = CfgContext::new(tu, models);
    let mut cfgs: Vec<Cfg> = tu.functions.iter().map(|f| ctx.build(f)).collect();
    discarded_args::mention_discarded_arguments(&mut cfgs);
    cfgs
}

/// The graph of one function definition of `tu`. Indexes the unit's declarations on every call;
/// use [`CfgContext`] (or [`build_cfgs`]) to build many functions of one unit.
pub fn build_cfg(tu: &TranslationUnit, func: &FunctionDef, models: &LibraryModels) -> Cfg {
    CfgContext::new(tu, models).build(func)
}

/// Edges waiting for their target: (source, kind).
type Ends = Vec<(NodeId, EdgeKind)>;

/// Propositions collected for the node being formed.
struct Acc {
    props: Vec<Prop>,
    span: Span,
    /// A non-returning library call was evaluated: the node goes to the sink.
    noreturn: bool,
    /// `nodes.len()` when the accumulator was opened.
    start: usize,
    /// Value effects collected for the node.
    values: Vec<crate::values::ValueOp>,
}

/// A `break`/`continue` target being built.
struct JumpCtx {
    is_loop: bool,
    breaks: Ends,
    continues: Ends,
}

/// The `switch` whose `case` labels are being lowered.
struct SwitchCtx {
    cond: NodeId,
    has_default: bool,
    /// The values of its `case` labels (the range bounds of GNU ranges).
    cases: Vec<(i64, i64)>,
}

/// Builder state for one function.
struct Builder<'c, 'a> {
    ctx: &'c CfgContext<'a>,
    tu: &'a TranslationUnit,
    nodes: Vec<Node>,
    pending: Ends,
    accs: Vec<Acc>,
    jumps: Vec<JumpCtx>,
    switches: Vec<SwitchCtx>,
    labels: FxHashMap<String, NodeId>,
    gotos: Vec<(NodeId, String)>,
    indirect_gotos: Vec<NodeId>,
    /// The made-up paths holding the values of integer conditional expressions, by source
    /// range ([`Builder::choice_path`]).
    choices: FxHashMap<(u32, u32, u32), PathId>,
    /// The labels whose address the function takes (`&&L`): where a computed goto may go.
    addressed_labels: Vec<String>,
    sink: Option<NodeId>,
    exit: NodeId,
    paths: PathTable,
    /// The switch being lowered has a GNU case range or an unevaluated case: no const_cond.
    switch_unknown_case: Vec<bool>,
    /// Value effects taken from an accumulator, waiting for their node.
    taken_values: Vec<crate::values::ValueOp>,
    /// Atomic conditions (by span) implied by another operand of their `&&`/`||` chain.
    redundant_conds: FxHashSet<(u32, u32, u32)>,
    /// `&&`/`||` chains (by span) already examined for redundant operands.
    chains_done: FxHashSet<(u32, u32, u32)>,
    /// The function's return type, when it is an integer type.
    return_type: Option<crate::values::IntType>,
    /// Integer variables holding the status of a call that may store through its arguments
    /// (`r = asprintf(&s, ...)`, `r = wrap(&s)`), until the variable or one of the objects a
    /// library call allocated into is written again (in the order of the walk).
    statuses: FxHashMap<PathId, Status>,
    /// The last call node made for a call of a function of the program, with the call's span.
    last_call: Option<((u32, u32, u32), NodeId)>,
    /// What the `return` being lowered returns, when it is a status.
    return_status: Option<crate::graph::StatusUse>,
    /// Local pointers that hold one known address for the whole function ([`fixed`]).
    fixed: FxHashMap<goanna_ast::VarId, fixed::Fixed>,
    /// The function's return type.
    fn_return_type: goanna_ast::CType,
    /// When the statement being lowered is a statement of a block (not a body, nor under a
    /// label): where the statement after it starts, if any.
    block_child: Option<Option<mistakes::Next>>,
    /// Facts of the statement being lowered ([`mistakes`]), waiting for its first node.
    syntax_facts: Vec<Prop>,
    /// `scanf`-family calls whose result is ignored, with the objects they convert into
    /// ([`preset_outputs`]).
    ignored_scans: Vec<preset_outputs::IgnoredScan>,
    /// Branches where a string compared with a literal holds its characters ([`known_chars`]).
    known_chars: Vec<known_chars::KnownChars>,
    /// Searches for a character whose result may be NULL ([`known_chars`]).
    char_searches: Vec<known_chars::CharSearch>,
    /// The functions named as items of the body's initialiser lists ([`Cfg::initialised_functions`]).
    initialised_functions: Vec<String>,
}

/// Where a status comes from.
#[derive(Clone, Debug)]
enum Status {
    /// A library call that allocates into these objects, with its convention.
    Library(Vec<PathId>, crate::models::FailWhen),
    /// A call node (a function of the program: its summary tells the convention).
    Call(NodeId),
}

impl<'c, 'a> Builder<'c, 'a> {
    fn new(ctx: &'c CfgContext<'a>) -> Self {
        Builder {
            ctx,
            tu: ctx.tu,
            nodes: Vec::new(),
            pending: Vec::new(),
            accs: Vec::new(),
            jumps: Vec::new(),
            switches: Vec::new(),
            labels: FxHashMap::default(),
            gotos: Vec::new(),
            indirect_gotos: Vec::new(),
            choices: FxHashMap::default(),
            addressed_labels: Vec::new(),
            sink: None,
            exit: NodeId(1),
            statuses: FxHashMap::default(),
            last_call: None,
            return_status: None,
            paths: PathTable::default(),
            switch_unknown_case: Vec::new(),
            taken_values: Vec::new(),
            redundant_conds: FxHashSet::default(),
            chains_done: FxHashSet::default(),
            return_type: None,
            fixed: FxHashMap::default(),
            fn_return_type: goanna_ast::CType::default(),
            block_child: None,
            syntax_facts: Vec::new(),
            ignored_scans: Vec::new(),
            known_chars: Vec::new(),
            char_searches: Vec::new(),
            initialised_functions: Vec::new(),
        }
    }

    fn run(mut self, func: &FunctionDef) -> Cfg {
        let params: Vec<Option<PathId>> = func.params.iter().map(|&v| self.root_path(v)).collect();
        self.return_type = crate::values::IntType::of(&func.return_type);
        self.fn_return_type = func.return_type.clone();
        let ctx = self.ctx;
        self.fixed = fixed::fixed_pointers(self.tu, &func.body, &|name| ctx.model(name).is_some());
        let entry = self.add_detached(NodeKind::Entry, None, Vec::new());
        let end = Prop { kind: PropKind::End, subject: Subject::None, span: func.span, value: None };
        // Returning from `main` ends the program as `exit` does: what is still held then
        // (memory, streams, locks) is released with the process.
        let exit_props = if func.name == "main" && !func.is_static {
            vec![end, Prop { kind: PropKind::NoReturn, subject: Subject::None, span: func.span, value: None }]
        } else {
            vec![end]
        };
        self.exit = self.add_detached(NodeKind::Exit, None, exit_props);
        self.pending.push((entry, EdgeKind::Normal));
        self.addressed_labels = func.addressed_labels.clone();
        self.stmt(&func.body);
        let exit = self.exit;
        self.connect_pending(exit, false);
        self.resolve_gotos();
        // Every node but the exit must have a successor (the Kripke structure is total).
        for i in 0..self.nodes.len() {
            if NodeId(i as u32) != exit && self.nodes[i].succs.is_empty() {
                self.nodes[i].succs.push(Edge { target: exit, kind: EdgeKind::Normal });
            }
        }
        drop_reset_local_addresses(&mut self.nodes);
        let mut cfg = Cfg {
            name: func.name.clone(),
            usr: func.usr.clone(),
            is_static: func.is_static,
            span: func.span,
            nodes: self.nodes,
            entry,
            exit,
            global_inits: self.paths.global_inits(self.tu),
            function_inits: self.paths.function_inits(self.tu),
            conditional_code: func.has_conditional_code,
            initialised_functions: {
                let mut named = self.initialised_functions;
                named.sort_unstable();
                named.dedup();
                named
            },
            signature: self.ctx.decls.get(func.usr.as_str()).map_or(0, |d| crate::graph::signature_key(&d.signature)),
            paths: self.paths.into_paths(),
            params,
        };
        stored_tests::add_stored_null_tests(&mut cfg);
        let reached = rebased::paths_reached_through(&cfg);
        handed_contents::add_handed_contents(&mut cfg, &reached);
        rebased::add_rebased(&mut cfg, &reached);
        reach::mark_reachable(&mut cfg);
        preset_outputs::drop_preset_scans(&mut cfg, &self.ignored_scans);
        known_chars::drop_found_searches(&mut cfg, &self.known_chars, &self.char_searches);
        cfg
    }

    // ----- nodes and edges ------------------------------------------------------------------

    /// Adds a node without connecting the pending edges.
    fn add_detached(&mut self, kind: NodeKind, span: Option<Span>, props: Vec<Prop>) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            status: None,
            kind,
            span,
            props: dedup_props(props),
            succs: Vec::new(),
            reachable: false,
            const_cond: None,
            values: Vec::new(),
            complete_switch: false,
        });
        id
    }

    /// Adds a node, connects the pending edges to it, and makes it the only pending source.
    /// Value effects taken from an accumulator ([`Builder::take_acc`]) go to this node.
    fn add_node(&mut self, kind: NodeKind, span: Option<Span>, mut props: Vec<Prop>) -> NodeId {
        props.append(&mut self.syntax_facts);
        let id = self.add_detached(kind, span, props);
        let values = std::mem::take(&mut self.taken_values);
        if let Some(node) = self.nodes.get_mut(id.index()) {
            node.values = values;
        }
        self.connect_pending(id, false);
        self.pending.push((id, EdgeKind::Normal));
        id
    }

    fn add_edge(&mut self, from: NodeId, to: NodeId, kind: EdgeKind) {
        if let Some(node) = self.nodes.get_mut(from.index()) {
            node.succs.push(Edge { target: to, kind });
        }
    }

    /// Connects (and clears) the pending edges to `target`; `back` turns `Normal` edges into
    /// `Back` edges.
    fn connect_pending(&mut self, target: NodeId, back: bool) {
        let ends = std::mem::take(&mut self.pending);
        self.connect(ends, target, back);
    }

    fn connect(&mut self, ends: Ends, target: NodeId, back: bool) {
        for (from, kind) in ends {
            let kind = if back && kind == EdgeKind::Normal { EdgeKind::Back } else { kind };
            self.add_edge(from, target, kind);
        }
    }

    /// Sends `from` to the non-returning sink (created on first use) and clears pending edges.
    fn goto_sink(&mut self, from: NodeId) {
        let sink = match self.sink {
            Some(s) => s,
            None => {
                let span = self.nodes.get(from.index()).and_then(|n| n.span).unwrap_or_default();
                let props = vec![
                    Prop { kind: PropKind::End, subject: Subject::None, span, value: None },
                    Prop { kind: PropKind::NoReturn, subject: Subject::None, span, value: None },
                ];
                let s = self.add_detached(NodeKind::NoReturn, None, props);
                self.add_edge(s, s, EdgeKind::Back);
                self.sink = Some(s);
                s
            }
        };
        self.add_edge(from, sink, EdgeKind::Normal);
        self.pending.clear();
    }

    /// A node for a jump statement (`break`, `continue`, `goto`): control leaves through the
    /// edges added later, so nothing is pending afterwards.
    fn jump_node(&mut self, span: Span) -> NodeId {
        let id = self.add_node(NodeKind::Nop, Some(span), Vec::new());
        self.pending.clear();
        id
    }

    fn resolve_gotos(&mut self) {
        let exit = self.exit;
        for (from, name) in std::mem::take(&mut self.gotos) {
            let target = self.labels.get(&name).copied().unwrap_or(exit);
            let kind = if target != exit && target < from { EdgeKind::Back } else { EdgeKind::Normal };
            self.add_edge(from, target, kind);
        }
        // A computed goto (`goto *p`) jumps to a label whose address the function takes
        // (`&&L`); a plain label only `goto L` reaches. A graph whose front end did not list
        // the addressed labels lets it reach every label.
        let addressed = std::mem::take(&mut self.addressed_labels);
        let mut labels: Vec<NodeId> = self
            .labels
            .iter()
            .filter(|(name, _)| addressed.is_empty() || addressed.contains(name))
            .map(|(_, &n)| n)
            .collect();
        labels.sort_unstable();
        for from in std::mem::take(&mut self.indirect_gotos) {
            if labels.is_empty() {
                self.add_edge(from, exit, EdgeKind::Normal);
            }
            for &target in &labels {
                let kind = if target < from { EdgeKind::Back } else { EdgeKind::Normal };
                self.add_edge(from, target, kind);
            }
        }
    }

    // ----- accumulators ---------------------------------------------------------------------

    fn push_acc(&mut self, span: Span) {
        let start = self.nodes.len();
        self.accs.push(Acc { props: Vec::new(), span, noreturn: false, start, values: Vec::new() });
    }

    fn prop(&mut self, kind: PropKind, subject: Subject, span: Span) {
        self.prop_value(kind, subject, span, None);
    }

    /// A proposition carrying a constant (`assign_const`, `cmp_*`).
    fn prop_value(&mut self, kind: PropKind, subject: Subject, span: Span, value: Option<i64>) {
        if let (PropKind::Def, Subject::Path(p)) = (kind, &subject) {
            if !self.statuses.is_empty() {
                let p = *p;
                self.statuses.retain(|&r, s| r != p && !matches!(s, Status::Library(outs, _) if outs.contains(&p)));
            }
        }
        if let Some(acc) = self.accs.last_mut() {
            acc.props.push(Prop { kind, subject, span, value });
        }
    }

    fn mark_noreturn(&mut self) {
        if let Some(acc) = self.accs.last_mut() {
            acc.noreturn = true;
        }
    }

    /// Takes the propositions (and the non-returning flag) of the current accumulator. Its value
    /// effects wait in `taken_values` for the node made of them ([`Builder::add_node`]).
    /// One node of `kind` at `span` holding what `fill` evaluates (its propositions and value
    /// effects); returns it and whether the evaluation never returns (a call of a no-return
    /// function inside it).
    fn node_of(&mut self, kind: NodeKind, span: Span, fill: impl FnOnce(&mut Self)) -> (NodeId, bool) {
        self.push_acc(span);
        fill(self);
        let (props, noreturn) = self.take_acc();
        self.accs.pop();
        (self.add_node(kind, Some(span), props), noreturn)
    }

    fn take_acc(&mut self) -> (Vec<Prop>, bool) {
        match self.accs.last_mut() {
            Some(acc) => {
                self.taken_values = std::mem::take(&mut acc.values);
                (std::mem::take(&mut acc.props), std::mem::replace(&mut acc.noreturn, false))
            }
            None => (Vec::new(), false),
        }
    }

    /// A value effect for the node being formed.
    fn value_op(&mut self, op: crate::values::ValueOp) {
        if let Some(acc) = self.accs.last_mut() {
            acc.values.push(op);
        }
    }

    /// Turns what the current accumulator holds into a statement node (before control flow
    /// splits inside an expression).
    fn flush(&mut self) {
        let Some(acc) = self.accs.last() else { return };
        if acc.props.is_empty() && acc.values.is_empty() && !acc.noreturn {
            return;
        }
        let span = acc.span;
        let (props, noreturn) = self.take_acc();
        let id = self.add_node(NodeKind::Statement, Some(span), props);
        if noreturn {
            self.goto_sink(id);
        }
    }

    /// Closes the current accumulator. Creates a statement node for what is left in it; when
    /// `force`, also when it is empty but no node at all was created while it was open (so that
    /// every statement has a node).
    fn finish_acc(&mut self, force: bool) {
        let Some(acc) = self.accs.pop() else { return };
        let needed = !acc.props.is_empty() || !acc.values.is_empty() || acc.noreturn || (force && self.nodes.len() == acc.start);
        if needed {
            self.taken_values = acc.values;
            let id = self.add_node(NodeKind::Statement, Some(acc.span), acc.props);
            if acc.noreturn {
                self.goto_sink(id);
            }
        }
    }
}

/// Removes repeated (kind, subject, value) triples, keeping the first occurrence and the order.
/// An address taken twice in one node at two places is kept twice: which call it is given to
/// tells when the object may be written (`f(buf, snprintf(buf, ..))`).
fn dedup_props(props: Vec<Prop>) -> Vec<Prop> {
    if props.len() < 2 {
        return props;
    }
    // The value is part of the key: `a[0] + a[1]` reads two elements.
    let mut seen: FxHashSet<(PropKind, Subject, Option<i64>, Option<(u32, u32)>)> = FxHashSet::default();
    props
        .into_iter()
        .filter(|p| {
            let place = (p.kind == PropKind::AddrTaken).then_some((p.span.start, p.span.end));
            seen.insert((p.kind, p.subject.clone(), p.value, place))
        })
        .collect()
}

/// Keeps a `return_local_addr` made by a store (its target in `value`) only when nothing else
/// writes that target in the function: `ctx->buf = local; ...; ctx->buf = NULL;` resets it.
fn drop_reset_local_addresses(nodes: &mut [Node]) {
    let stores = nodes.iter().flat_map(|n| &n.props).any(|p| p.kind == PropKind::ReturnLocalAddr && p.value.is_some());
    if !stores {
        return;
    }
    let mut defs: FxHashMap<PathId, usize> = FxHashMap::default();
    for p in nodes.iter().flat_map(|n| &n.props) {
        if let (PropKind::Def, Subject::Path(id)) = (p.kind, &p.subject) {
            *defs.entry(*id).or_default() += 1;
        }
    }
    for node in nodes.iter_mut() {
        node.props.retain(|p| {
            let target = p.value.and_then(|v| u32::try_from(v).ok()).map(PathId);
            match (p.kind, target) {
                (PropKind::ReturnLocalAddr, Some(t)) => defs.get(&t).copied().unwrap_or(0) <= 1,
                _ => true,
            }
        });
    }
}
