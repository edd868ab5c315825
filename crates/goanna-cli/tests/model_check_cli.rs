//! `goanna-rs model-check` on malformed and hostile input: a refused model exits with status 2
//! and names what is wrong; a formula nested 10,000 deep is read (no stack overflow).

use std::process::Command;

const MODEL: &str = r#"{"initial_component":"main","initial_node":"m0","components":[
  {"name":"main","nodes":[{"name":"m0","is_entry":true,"labels":["a"]},{"name":"m1","labels":["a"]}],
   "boxes":[{"name":"b","component":"f","call_nodes":[CALL],"return_nodes":["f1"]}],
   "transitions":[{"source":{"type":"node","name":"m0"},"targets":[{"type":"box_node","box_name":"b","node_name":"f0"}]},
                  {"source":{"type":"box_node","box_name":"b","node_name":"f1"},"targets":[{"type":"node","name":"m1"}]}]},
  {"name":"f","nodes":[{"name":"f0","is_entry":true,"labels":["a"]},{"name":"f1","is_exit":true,"labels":["a"]},{"name":"f2"}],
   "transitions":[{"source":{"type":"node","name":"f0"},"targets":[{"type":"node","name":"f1"}]}]}]}"#;

fn model_check(call: &str, formulas: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("m.rsm");
    let ctl = dir.path().join("f.ctl");
    std::fs::write(&model, MODEL.replace("CALL", call)).unwrap();
    std::fs::write(&ctl, formulas).unwrap();
    Command::new(env!("CARGO_BIN_EXE_goanna-rs"))
        .arg("model-check")
        .arg(&model)
        .arg(&ctl)
        .output()
        .unwrap()
}

#[test]
fn malformed_box_exits_2() {
    let out = model_check(r#""f2""#, "EF a\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("box `b`") && err.contains("not an entry"),
        "{err}"
    );
}

/// Deep nesting that reduces to little (double negations cancel) must not overflow the parser,
/// the reduction or the printer; deciding a formula nested `d` deep in a model with exits costs
/// `O(d²)` (contexts list every existential subformula), so the `EX` chain is 300 deep.
#[test]
fn well_formed_twin_and_deep_formula() {
    let deep = format!("{}a\n{}a\n", "!".repeat(10_000), "EX ".repeat(300));
    let out = model_check(r#""f0""#, &format!("EF a\n{deep}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
