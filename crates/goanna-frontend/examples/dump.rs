//! Prints the converted tree of a C file: `cargo run --example dump -- FILE [CLANG ARGS...]`.
use goanna_frontend::{dump_tree, parse_file, ParseOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: dump FILE [ARGS...]");
        std::process::exit(2);
    };
    let options = ParseOptions { args: args.collect(), working_dir: None };
    match parse_file(path.as_ref(), &options) {
        Ok(tu) => {
            for d in &tu.diagnostics {
                println!("diag {:?}: {} @ {:?}", d.severity, d.message, d.span.map(|s| (s.line, s.col)));
            }
            print!("{}", dump_tree(&tu));
            println!("vars: {}", tu.vars.iter().enumerate().map(|(i, v)| format!("{}#{i}:{:?}", v.name, v.kind)).collect::<Vec<_>>().join(" "));
            println!("decls: {}", tu.declarations.len());
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
