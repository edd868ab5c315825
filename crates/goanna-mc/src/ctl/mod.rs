//! CTL formulas: the surface syntax tree ([`Formula`]), the parser ([`parse`]) and the reduction to
//! the hash-consed core DAG ([`Dag`]).

mod ast;
mod normal;
mod parse;

pub use ast::Formula;
pub use normal::{Dag, DagNode, NodeRef};
pub use parse::{parse, parse_file, ParseError};
