//! Linking: the functions of all units, and which definition each call site calls.
//!
//! Function identity is the Clang USR. A `static` function is visible only in its own unit; a
//! function with external linkage defined in several units (a header's inline function, or an
//! ODR violation) is linked to its first definition. Calls of functions without a definition
//! stay ordinary nodes (their effect comes from the library-model table or is unknown).

use goanna_ast::SourceFile;
use goanna_cfg::{Cfg, NodeId, NodeKind};
use rustc_hash::FxHashMap;

/// The graphs of one unit, as the program stage receives them.
#[derive(Clone, Copy, Debug)]
pub struct UnitGraphs<'a> {
    /// The unit's files (index = `FileId` of the graphs' spans).
    pub files: &'a [SourceFile],
    /// One graph per function defined in the unit.
    pub cfgs: &'a [Cfg],
    /// The functions whose address the unit takes, sorted by USR.
    pub address_taken: &'a [goanna_cfg::TakenFunction],
}

/// Index of a function in [`Program::functions`].
pub type FnIndex = u32;

/// A function of the program.
#[derive(Clone, Copy, Debug)]
pub struct FunctionRef {
    /// Its unit.
    pub unit: u32,
    /// Its graph within the unit.
    pub cfg: u32,
}

/// Which of the definitions of an external name a call reaches: the only one; or, when the
/// project's executables define it several times (openssh's `sftp_realpath` in the sftp client
/// and in the server's realpath module), the one whose type is the one the caller's unit
/// declares; `None` when none has that type (the call stays one of an unknown function rather
/// than one of the wrong function).
fn definition_called(units: &[UnitGraphs<'_>], functions: &[FunctionRef], candidates: &[FnIndex], site: &goanna_cfg::CallSite) -> Option<FnIndex> {
    match candidates {
        [] => None,
        [one] => Some(*one),
        several => {
            let signature = |g: FnIndex| {
                let f = functions[g as usize];
                units[f.unit as usize].cfgs[f.cfg as usize].signature
            };
            if site.callee_signature == 0 || several.iter().all(|&g| signature(g) == signature(several[0])) {
                return Some(several[0]);
            }
            several.iter().copied().find(|&g| signature(g) == site.callee_signature)
        }
    }
}

/// The functions of one type whose address the program takes.
#[derive(Debug, Default)]
struct TypedTargets {
    /// Those the program defines.
    functions: Vec<FnIndex>,
    /// Some function of the type whose address is taken is not one of the program's (the C
    /// library's `strcmp` handed on as a comparator).
    outside: bool,
}

/// All functions of the program and the resolution of their call sites.
#[derive(Debug)]
pub struct Program<'a> {
    /// The units.
    pub units: &'a [UnitGraphs<'a>],
    /// Every function definition, in unit order.
    pub functions: Vec<FunctionRef>,
    /// For each function, its call nodes that call a defined function: (node, callee).
    pub calls: Vec<Vec<(NodeId, FnIndex)>>,
    /// For each function, its strongly connected component of the call graph.
    pub component: Vec<u32>,
    /// For each function, its loop heads (targets of back edges), sorted.
    pub loop_heads: Vec<Vec<NodeId>>,
    /// For each function, whether some call starts it as a thread (`thread_start` of a
    /// library model): it then begins without any lock held.
    pub thread_entries: Vec<bool>,
    /// For each function, where it is started as a thread: the function holding each start,
    /// and whether the start is inside a loop of that function's graph.
    pub thread_starts: Vec<Vec<(FnIndex, bool)>>,
    /// For each function, whether some unit takes its address: only these are reached
    /// through pointers, by the program's calls through pointers or by code outside it that
    /// was given one.
    pub address_taken: Vec<bool>,
    /// The functions whose address the program takes, by their type's signature key.
    by_type: FxHashMap<u64, TypedTargets>,
    /// The globals each function may write (built when first asked).
    global_writes: std::sync::OnceLock<super::global_writes::GlobalWrites>,
    /// For each function, its calls through a pointer whose targets are all known, sorted by
    /// node (see [`super::targets`]).
    indirect: super::targets::IndirectTargets,
    /// For each function, its calls through a member of a structure whose targets are known
    /// by the member's name, sorted by node (see [`super::member_targets`]): for how they end.
    by_member: super::targets::IndirectTargets,
    /// Functions with internal linkage by (unit, USR).
    local: FxHashMap<(u32, &'a str), FnIndex>,
    /// Functions with external linkage by USR.
    external: FxHashMap<&'a str, FnIndex>,
}

impl<'a> Program<'a> {
    /// Which globals each function may write, itself or through its callees.
    pub fn global_writes(&self) -> &super::global_writes::GlobalWrites {
        self.global_writes.get_or_init(|| super::global_writes::global_writes(self, &super::call_graph_sccs(self)))
    }

    /// Links the units. Functions with more than `max_nodes` graph nodes are left out: calls of
    /// them are calls of unknown functions.
    pub fn link(units: &'a [UnitGraphs<'a>], max_nodes: usize) -> Program<'a> {
        let mut functions = Vec::new();
        // Every definition of each external name: a project's executables may each define one.
        let mut definitions: FxHashMap<&str, Vec<FnIndex>> = FxHashMap::default();
        let mut local: FxHashMap<(u32, &str), FnIndex> = FxHashMap::default();
        for (u, unit) in units.iter().enumerate() {
            for (c, cfg) in unit.cfgs.iter().enumerate() {
                if cfg.nodes.len() > max_nodes {
                    continue;
                }
                let index = functions.len() as FnIndex;
                functions.push(FunctionRef { unit: u as u32, cfg: c as u32 });
                if cfg.is_static {
                    local.entry((u as u32, cfg.usr.as_str())).or_insert(index);
                } else {
                    definitions.entry(cfg.usr.as_str()).or_default().push(index);
                }
            }
        }
        // What names a function by USR alone (an address taken, a callback) gets the first.
        let external: FxHashMap<&str, FnIndex> = definitions.iter().map(|(&usr, defs)| (usr, defs[0])).collect();
        let calls = functions
            .iter()
            .map(|f| {
                let cfg = &units[f.unit as usize].cfgs[f.cfg as usize];
                cfg.node_ids()
                    .filter_map(|n| match &cfg.node(n).kind {
                        NodeKind::Call(site) => {
                            let usr = site.callee_usr.as_deref()?;
                            let callee = match local.get(&(f.unit, usr)) {
                                Some(&g) => g,
                                None => definition_called(units, &functions, definitions.get(usr)?, site)?,
                            };
                            Some((n, callee))
                        }
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let loop_heads = functions.iter().map(|f| units[f.unit as usize].cfgs[f.cfg as usize].loop_heads()).collect();
        let thread_starts = thread_starts(units, &functions);
        let thread_entries = thread_starts.iter().map(|s| !s.is_empty()).collect();
        let mut address_taken = vec![false; functions.len()];
        let mut by_type: FxHashMap<u64, TypedTargets> = FxHashMap::default();
        for (u, unit) in units.iter().enumerate() {
            for taken in unit.address_taken {
                let f = local.get(&(u as u32, taken.usr.as_str())).or_else(|| external.get(taken.usr.as_str())).copied();
                if let Some(f) = f {
                    address_taken[f as usize] = true;
                }
                if taken.signature != 0 {
                    let targets = by_type.entry(taken.signature).or_default();
                    match f {
                        Some(f) if !targets.functions.contains(&f) => targets.functions.push(f),
                        Some(_) => {}
                        // A function of the library, or one left out of the program.
                        None => targets.outside = true,
                    }
                }
            }
        }
        let mut program = Program {
            units,
            functions,
            calls,
            component: Vec::new(),
            loop_heads,
            thread_entries,
            thread_starts,
            address_taken,
            by_type,
            global_writes: std::sync::OnceLock::new(),
            indirect: Vec::new(),
            by_member: Vec::new(),
            local,
            external,
        };
        let mut component = vec![0u32; program.functions.len()];
        for (i, scc) in super::behaviour::call_graph_sccs(&program).into_iter().enumerate() {
            for f in scc {
                component[f as usize] = i as u32;
            }
        }
        program.component = component;
        program.indirect = super::targets::indirect_targets(&program);
        program.by_member = super::member_targets::member_targets(&program);
        program
    }

    /// The function a unit names by `usr`: its own `static` one first, then one with external
    /// linkage.
    pub fn function_by_usr(&self, unit: u32, usr: &str) -> Option<FnIndex> {
        self.local.get(&(unit, usr)).or_else(|| self.external.get(usr)).copied()
    }

    /// The functions a call through a pointer at `node` of `f` may reach, when all are known
    /// (never for a call of a named function).
    pub fn targets_at(&self, f: FnIndex, node: NodeId) -> Option<&[FnIndex]> {
        let calls = self.indirect.get(f as usize)?;
        calls.binary_search_by_key(&node, |(n, _)| *n).ok().map(|i| calls[i].1.as_slice())
    }

    /// The functions a call through a member of a structure at `node` of `f` may reach, by the
    /// functions stored into members of that name ([`super::member_targets`]); only for how
    /// the call may end.
    pub fn member_targets_at(&self, f: FnIndex, node: NodeId) -> Option<&[FnIndex]> {
        let calls = self.by_member.get(f as usize)?;
        calls.binary_search_by_key(&node, |(n, _)| *n).ok().map(|i| calls[i].1.as_slice())
    }

    /// The functions a call through a pointer at `node` of `f` may reach by the pointer's type:
    /// every function of the program of that type whose address some unit takes, when the
    /// program takes the address of no function of that type outside it (the program is taken
    /// as closed, as for [`Program::targets_at`]). `None` for a call of a named function, a
    /// pointer of unknown type, or a type no function of the program has.
    pub fn typed_targets_at(&self, f: FnIndex, node: NodeId) -> Option<&[FnIndex]> {
        let NodeKind::Call(site) = &self.cfg(f).node(node).kind else { return None };
        if site.callee_usr.is_some() || site.callee_signature == 0 {
            return None;
        }
        let targets = self.by_type.get(&site.callee_signature)?;
        (!targets.outside && !targets.functions.is_empty()).then_some(targets.functions.as_slice())
    }

    /// Every function the call at `node` of `f` may reach, when all are functions of the
    /// program: its callee, the known targets of a call through a pointer, or those of the
    /// pointer's type ([`Program::typed_targets_at`]).
    pub fn every_callee_at(&self, f: FnIndex, node: NodeId) -> Option<std::borrow::Cow<'_, [FnIndex]>> {
        if let Some(g) = self.callee_at(f, node) {
            return Some(std::borrow::Cow::Owned(vec![g]));
        }
        self.targets_at(f, node).or_else(|| self.typed_targets_at(f, node)).map(std::borrow::Cow::Borrowed)
    }

    /// The functions a library routine called at `node` of `f` is handed and may call before it
    /// returns (`qsort`'s comparator): each one of the program's (`Some`), or `None` for one
    /// outside it or a function pointer whose target is not known. Empty at most nodes.
    pub fn callbacks_at(&self, f: FnIndex, node: NodeId) -> Vec<Option<FnIndex>> {
        let unit = self.functions[f as usize].unit;
        self.cfg(f)
            .node(node)
            .props
            .iter()
            .filter(|p| p.kind == goanna_cfg::PropKind::Callback)
            .map(|p| match &p.subject {
                goanna_cfg::Subject::Function(usr) => self.function_by_usr(unit, usr),
                _ => None,
            })
            .collect()
    }

    /// True when `f` and `g` call each other (directly or through other functions), or are the
    /// same function calling itself.
    pub fn same_component(&self, f: FnIndex, g: FnIndex) -> bool {
        self.component[f as usize] == self.component[g as usize]
            && (f != g || self.calls[f as usize].iter().any(|&(_, h)| h == f))
    }

    /// The graph of a function.
    pub fn cfg(&self, f: FnIndex) -> &'a Cfg {
        let r = self.functions[f as usize];
        &self.units[r.unit as usize].cfgs[r.cfg as usize]
    }

    /// True when the variable `var`, as a graph of function `f` names it, is declared in a
    /// system header (a variable of the C library: `stdin`, `optarg`).
    pub fn declared_in_system_header(&self, f: FnIndex, var: &goanna_cfg::VarRef) -> bool {
        self.files(f).get(var.decl_span.file.0 as usize).is_some_and(|file| file.is_system)
    }

    /// The files of a function's unit.
    pub fn files(&self, f: FnIndex) -> &'a [SourceFile] {
        self.units[self.functions[f as usize].unit as usize].files
    }

    /// The definition called at `node` of `f`, if it is a call of a defined function.
    pub fn callee_at(&self, f: FnIndex, node: NodeId) -> Option<FnIndex> {
        let calls = &self.calls[f as usize];
        calls.binary_search_by_key(&node, |(n, _)| *n).ok().map(|i| calls[i].1)
    }
}

/// Which functions are started as threads, and where: for each function, the functions whose
/// `thread_start` propositions (of a library model) name it, each with whether that start is
/// inside a loop of the starter's graph. A name is resolved to a function of the same unit
/// first (a `static` one), then to any non-static one.
fn thread_starts(units: &[UnitGraphs<'_>], functions: &[FunctionRef]) -> Vec<Vec<(FnIndex, bool)>> {
    let mut by_name: FxHashMap<(Option<u32>, &str), usize> = FxHashMap::default();
    for (i, f) in functions.iter().enumerate() {
        let cfg = &units[f.unit as usize].cfgs[f.cfg as usize];
        let key = (cfg.is_static.then_some(f.unit), cfg.name.as_str());
        by_name.entry(key).or_insert(i);
    }
    let mut starts = vec![Vec::new(); functions.len()];
    for (starter, f) in functions.iter().enumerate() {
        let cfg = &units[f.unit as usize].cfgs[f.cfg as usize];
        let mut in_loop: Option<Vec<bool>> = None;
        for (n, node) in cfg.nodes.iter().enumerate() {
            for prop in &node.props {
                let (goanna_cfg::PropKind::ThreadStart, goanna_cfg::Subject::Function(name)) = (prop.kind, &prop.subject) else {
                    continue;
                };
                let found = by_name.get(&(Some(f.unit), name.as_str())).or_else(|| by_name.get(&(None, name.as_str())));
                if let Some(&i) = found {
                    let in_loop = in_loop.get_or_insert_with(|| cfg.in_loops());
                    starts[i].push((starter as FnIndex, in_loop[n]));
                }
            }
        }
    }
    starts
}
