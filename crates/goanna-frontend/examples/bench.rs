//! Times parse + conversion of a C file: `cargo run --release --example bench -- FILE [ARGS...]`.
use goanna_frontend::{parse_file, ParseOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: bench FILE [ARGS...]");
        std::process::exit(2);
    };
    let options = ParseOptions { args: args.collect(), working_dir: None };
    let start = std::time::Instant::now();
    match parse_file(path.as_ref(), &options) {
        Ok(tu) => println!(
            "{} functions, {} vars, {} declarations, {} diagnostics in {:?}",
            tu.functions.len(),
            tu.vars.len(),
            tu.declarations.len(),
            tu.diagnostics.len(),
            start.elapsed()
        ),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
