//! Parses C files given on the command line, builds every function's graph and prints parse
//! time, build time and graph sizes: `cargo run --release --example cfg_stats -- FILE.c...`.

use goanna_cfg::{build_cfgs, LibraryModels};
use std::time::Instant;

fn main() {
    let models = LibraryModels::builtin();
    for path in std::env::args().skip(1) {
        let Ok(src) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: unreadable");
            continue;
        };
        let t0 = Instant::now();
        let tu = match goanna_frontend::parse_source(&path, &src, &goanna_frontend::ParseOptions::default()) {
            Ok(tu) => tu,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let parse = t0.elapsed();
        let t1 = Instant::now();
        let cfgs = build_cfgs(&tu, &models);
        let build = t1.elapsed();
        let nodes: usize = cfgs.iter().map(|c| c.nodes.len()).sum();
        let props: usize = cfgs.iter().flat_map(|c| &c.nodes).map(|n| n.props.len()).sum();
        let dead: usize = cfgs.iter().flat_map(|c| &c.nodes).filter(|n| !n.reachable).count();
        println!(
            "{path}: {} functions, {nodes} nodes, {props} props, {dead} unreachable; parse {:?}, build {:?}",
            cfgs.len(),
            parse,
            build
        );
    }
}
