//! The library-model table, constant conditions and the dump formats.

mod common;
use goanna_cfg::{dump, LibraryModels, ModelError, NodeKind};

#[test]
fn builtin_table_parses_and_covers_required_functions() {
    let parsed = LibraryModels::from_toml_str(include_str!("../library_models.toml"));
    assert!(parsed.is_ok(), "{:?}", parsed.err());
    let m = LibraryModels::builtin();
    for name in [
        "malloc", "calloc", "realloc", "reallocarray", "strdup", "strndup", "aligned_alloc", "posix_memalign", "free",
        "fopen", "fdopen", "freopen", "tmpfile", "popen", "fclose", "pclose", "open", "openat", "creat", "socket",
        "accept", "dup", "close", "fread", "fwrite", "fgets", "fputs", "fprintf", "fscanf", "fgetc", "fputc", "fflush",
        "fseek", "ftell", "rewind", "feof", "ferror", "fileno", "read", "write", "pthread_mutex_lock",
        "pthread_mutex_trylock", "pthread_mutex_unlock", "mtx_lock", "mtx_unlock", "exit", "abort", "_Exit",
        "quick_exit", "longjmp", "siglongjmp", "__assert_fail", "__builtin_unreachable", "err", "errx", "getenv",
        "memcpy", "memset", "memmove", "strlen", "strcmp", "strcpy", "strncpy", "strcat", "printf", "puts", "sprintf",
        "snprintf",
    ] {
        assert!(m.get(name).is_some(), "{name} is not modelled");
    }
    assert!(m.get("malloc").unwrap().allocates());
    assert!(m.get("realloc").unwrap().freed_args().eq([0]));
    assert!(m.get("exit").unwrap().noreturn);
    assert_eq!(m.get("fgets").unwrap().resource_use, vec![2]);
    // Fortified and builtin spellings find the base model.
    assert!(m.get("__builtin_memcpy").is_some());
    assert!(m.get("__memcpy_chk").is_some());
    assert!(m.get("no_such_function").is_none());
}

#[test]
fn table_errors_are_typed() {
    let err = LibraryModels::from_toml_str("[functions.f]\nunknown_key = true\n").unwrap_err();
    assert!(matches!(err, ModelError::Parse(_)));
    assert!(LibraryModels::from_toml_str("not toml [").is_err());
    let mut m = LibraryModels::builtin();
    let n = m.len();
    m.extend(LibraryModels::from_toml_str("[functions]\nmy_alloc = { alloc = true }\n").unwrap());
    assert_eq!(m.len(), n + 1);
    assert!(m.get("my_alloc").unwrap().alloc);
}

#[test]
fn constant_conditions_are_recorded_not_dropped() {
    let src = "const int N = 0; enum { E = 2 };
void g(void);
void f(int x) {
  if (N) g();
  if (sizeof(int) == 4 && E - 2) g();
  if ((long)1) g();
  if (x) g();
  switch (E) { case 1: g(); break; case 2: break; }
}";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let conds: Vec<Option<i64>> =
        cfg.nodes.iter().filter(|n| n.kind == NodeKind::Condition).map(|n| n.const_cond).collect();
    assert_eq!(conds, vec![Some(0), Some(1), Some(0), Some(1), None, Some(2)]);
    // All calls of g stay reachable in the graph; feasible reachability drops the dead ones.
    let feasible = cfg.feasible_reachability();
    let calls: Vec<(bool, bool)> = cfg
        .node_ids()
        .filter(|&id| matches!(cfg.node(id).kind, NodeKind::Call(_)))
        .map(|id| (cfg.node(id).reachable, feasible[id.index()]))
        .collect();
    assert_eq!(calls, vec![(true, false), (true, false), (true, true), (true, true), (true, false)]);
}

#[test]
fn dumps() {
    let src = "#include <stdlib.h>\nint f(int *p) { if (p == NULL) exit(1); return *p; \"x\"; }";
    let Some(cfg) = common::cfg(src, "f") else { return };
    let text = dump::to_text(&cfg);
    assert!(text.starts_with("function f\n  n0 entry"), "{text}");
    assert!(text.contains("null_test_p"), "{text}");
    assert!(text.contains("(true)"), "{text}");
    assert!(text.contains("noreturn [end, noreturn]"), "{text}");

    let json = dump::to_json(&cfg);
    assert_eq!(json["name"], "f");
    assert_eq!(json["entry"], 0);
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), cfg.nodes.len());
    assert_eq!(nodes[0]["kind"], "entry");
    assert_eq!(nodes[1]["kind"], "exit");
    assert!(nodes.iter().any(|n| n["props"].as_array().unwrap().iter().any(|p| p == "deref_p")));
    assert!(nodes.iter().all(|n| n["succs"].is_array() && n["reachable"].is_boolean()));
    let cond = nodes.iter().find(|n| n["kind"] == "condition").unwrap();
    assert_eq!(cond["span"]["line"], 2);
    assert_eq!(cond["succs"][0]["kind"], "true");

    let dot = dump::to_dot(&cfg);
    assert!(dot.starts_with("digraph \"f\" {"));
    assert!(dot.trim_end().ends_with('}'));
    if let Ok(mut child) = std::process::Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(dot.as_bytes()).unwrap();
        assert!(child.wait().unwrap().success(), "dot rejected:\n{dot}");
    } else {
        eprintln!("graphviz not installed: dot output not validated");
    }
}
