//! Malformed models are refused on load with a typed error naming what is wrong: boxes whose
//! call node is not an entry (or return node not an exit) of the component they call, indices
//! out of range, nodes or boxes used in a component they do not belong to.

use goanna_mc::rsm::read_model;
use goanna_mc::{Dst, Error, ModelBuilder, ModelError, Src};

/// main calls f through box `b`; f has entry f0 and exit f1, plus an inner node f2.
fn two_components() -> (ModelBuilder, [u32; 5], u32) {
    let mut b = ModelBuilder::new();
    let main = b.add_component("main");
    let f = b.add_component("f");
    let m0 = b.add_node(main, "m0", &[]);
    let m1 = b.add_node(main, "m1", &[]);
    let f0 = b.add_node(f, "f0", &[]);
    let f1 = b.add_node(f, "f1", &[]);
    let f2 = b.add_node(f, "f2", &[]);
    b.set_entry(m0);
    b.set_entry(f0);
    b.set_exit(f1);
    b.edge_nodes(f0, f2);
    b.edge_nodes(f2, f1);
    let bx = b.add_box(main, "b", f);
    (b, [m0, m1, f0, f1, f2], bx)
}

fn model_error(r: Result<goanna_mc::Model, Error>) -> ModelError {
    match r {
        Err(Error::Model(e)) => e,
        Err(e) => panic!("not a model error: {e}"),
        Ok(_) => panic!("the malformed model was accepted"),
    }
}

#[test]
fn well_formed_twin_is_accepted() {
    let (mut b, [m0, m1, f0, f1, _], bx) = two_components();
    b.edge_to_call(m0, bx, f0);
    b.edge_from_return(bx, f1, m1);
    assert!(b.build().is_ok());
}

#[test]
fn call_node_that_is_not_an_entry() {
    let (mut b, [m0, _, _, _, f2], bx) = two_components();
    b.edge_to_call(m0, bx, f2);
    let e = model_error(b.build());
    assert!(
        matches!(&e, ModelError::CallNotEntry { bx, node, callee } if bx == "b" && node == "`f2`" && callee == "f"),
        "{e}"
    );
}

#[test]
fn return_node_that_is_not_an_exit() {
    let (mut b, [_, m1, f0, _, _], bx) = two_components();
    b.edge_from_return(bx, f0, m1);
    let e = model_error(b.build());
    assert!(
        matches!(&e, ModelError::ReturnNotExit { bx, .. } if bx == "b"),
        "{e}"
    );
}

#[test]
fn indices_out_of_range() {
    let (mut b, [m0, ..], _) = two_components();
    b.edge(Src::Node(m0), Dst::Node(99));
    assert!(matches!(
        model_error(b.build()),
        ModelError::UnknownNode { .. }
    ));
    let (mut b, [m0, ..], _) = two_components();
    b.edge(Src::Node(m0), Dst::Call(7, 0));
    assert!(matches!(
        model_error(b.build()),
        ModelError::UnknownBox { index: 7, .. }
    ));
    let (mut b, _, _) = two_components();
    b.add_box(0, "nowhere", 42);
    assert!(matches!(
        model_error(b.build()),
        ModelError::UnknownComponent { index: 42, .. }
    ));
    let (mut b, _, _) = two_components();
    b.set_entry(1234);
    assert!(matches!(
        model_error(b.build()),
        ModelError::UnknownNode { .. }
    ));
    let (mut b, _, _) = two_components();
    b.set_initial(9);
    assert!(matches!(
        model_error(b.build()),
        ModelError::UnknownComponent { index: 9, .. }
    ));
}

#[test]
fn nodes_and_boxes_of_another_component() {
    let (mut b, [m0, _, _, f1, _], _) = two_components();
    b.edge_nodes(m0, f1);
    assert!(matches!(
        model_error(b.build()),
        ModelError::ForeignNode { .. }
    ));
    let (mut b, [_, _, f0, _, f2], bx) = two_components();
    // the box belongs to main, the edge starts in f
    b.edge_to_call(f2, bx, f0);
    assert!(matches!(
        model_error(b.build()),
        ModelError::ForeignBox { .. }
    ));
}

/// The RSM document of `two_components`, with the box's declared call and return nodes.
fn rsm(calls: &str, returns: &str) -> String {
    format!(
        r#"{{"initial_component":"main","initial_node":"m0","components":[
          {{"name":"main","nodes":[{{"name":"m0","is_entry":true}},{{"name":"m1"}}],
            "boxes":[{{"name":"b","component":"f","call_nodes":[{calls}],"return_nodes":[{returns}]}}],
            "transitions":[{{"source":{{"type":"node","name":"m0"}},"targets":[{{"type":"box_node","box_name":"b","node_name":"f0"}}]}},
                           {{"source":{{"type":"box_node","box_name":"b","node_name":"f1"}},"targets":[{{"type":"node","name":"m1"}}]}}]}},
          {{"name":"f","nodes":[{{"name":"f0","is_entry":true}},{{"name":"f1","is_exit":true}},{{"name":"f2"}}],
            "transitions":[{{"source":{{"type":"node","name":"f0"}},"targets":[{{"type":"node","name":"f2"}}]}},
                           {{"source":{{"type":"node","name":"f2"}},"targets":[{{"type":"node","name":"f1"}}]}}]}}]}}"#
    )
}

#[test]
fn rsm_reader_checks_declared_box_nodes() {
    assert!(read_model(&rsm(r#""f0""#, r#""f1""#)).is_ok());
    let e = model_error(read_model(&rsm(r#""nope""#, r#""f1""#)));
    assert!(
        matches!(&e, ModelError::UnknownNode { node, .. } if node == "`nope`"),
        "{e}"
    );
    let e = model_error(read_model(&rsm(r#""f2""#, r#""f1""#)));
    assert!(matches!(&e, ModelError::CallNotEntry { .. }), "{e}");
    let e = model_error(read_model(&rsm(r#""f0""#, r#""f0""#)));
    assert!(matches!(&e, ModelError::ReturnNotExit { .. }), "{e}");
    // an entry, but of another component
    let e = model_error(read_model(&rsm(r#""m0""#, r#""f1""#)));
    assert!(matches!(&e, ModelError::CallNotEntry { .. }), "{e}");
    assert!(e.to_string().contains("box `b`"), "{e}");
}
