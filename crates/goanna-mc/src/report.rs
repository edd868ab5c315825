//! Checking a formula file against a model and reporting per formula: the logic behind the
//! `model-check` command, kept here so the command stays thin and the logic is tested.

use crate::batch::check_batch_dags;
use crate::check::{check_dag, Strategy};
use crate::ctl::{parse_file, Dag, Formula};
use crate::model::Model;
use crate::witness::{explain, Witness};
use serde_json::{json, Value};
use std::time::Instant;

/// The outcome for one formula line.
#[derive(Clone, Debug)]
pub struct FormulaReport {
    /// 0-based index among the formulas of the file.
    pub index: usize,
    /// 1-based line number in the file.
    pub line: usize,
    /// The formula as written.
    pub text: String,
    /// The verdict, or why there is none.
    pub result: Result<Outcome, String>,
}

/// A decided formula.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Whether the model satisfies it.
    pub holds: bool,
    /// Contexts built (for a batched check: shared by the whole batch).
    pub contexts: usize,
    /// Checking time in milliseconds (for a batched check: the batch time divided evenly).
    pub millis: f64,
    /// Witness (holding existential formula) or counterexample (failing universal formula).
    pub witness: Option<(bool, Witness)>,
}

/// Parse and check every formula of `text`. With [`Strategy::Exhaustive`] and `batch`, formulas
/// of the same shape are decided together (bit-parallel).
pub fn check_formulas(
    model: &Model,
    text: &str,
    strategy: Strategy,
    witness: bool,
    batch: bool,
) -> Vec<FormulaReport> {
    let parsed = parse_file(text);
    let mut reports: Vec<FormulaReport> = Vec::with_capacity(parsed.len());
    let mut todo: Vec<(usize, Formula, Dag)> = Vec::new();
    for (index, (line, t, f)) in parsed.into_iter().enumerate() {
        let result = match f {
            Ok(f) => {
                todo.push((index, f.clone(), Dag::new(&f)));
                Err(String::new())
            }
            Err(e) => Err(format!("line {line}, {e}")),
        };
        reports.push(FormulaReport {
            index,
            line,
            text: t,
            result,
        });
    }
    if batch && strategy == Strategy::Exhaustive && !todo.is_empty() {
        let dags: Vec<Dag> = todo.iter().map(|t| t.2.clone()).collect();
        let t0 = Instant::now();
        let vs = check_batch_dags(model, &dags, strategy);
        let each = t0.elapsed().as_secs_f64() * 1e3 / todo.len() as f64;
        for ((i, f, _), v) in todo.iter().zip(vs) {
            reports[*i].result = v.map_err(|e| e.to_string()).map(|v| Outcome {
                holds: v.holds,
                contexts: v.contexts,
                millis: each,
                witness: if witness { explain(model, f) } else { None },
            });
        }
    } else {
        for (i, f, d) in &todo {
            let t0 = Instant::now();
            let v = check_dag(model, d, strategy);
            let millis = t0.elapsed().as_secs_f64() * 1e3;
            reports[*i].result = v.map_err(|e| e.to_string()).map(|v| Outcome {
                holds: v.holds,
                contexts: v.contexts,
                millis,
                witness: if witness { explain(model, f) } else { None },
            });
        }
    }
    reports
}

fn witness_json(m: &Model, positive: bool, w: &Witness) -> Value {
    json!({
        "kind": if positive { "witness" } else { "counterexample" },
        "steps": w.steps.iter().enumerate().map(|(i, s)| json!({
            "stack": w.stack(i).iter().map(|&b| m.box_info(b).name()).collect::<Vec<_>>(),
            "node": m.node_name(s.node),
        })).collect::<Vec<_>>(),
        "loop_start": w.loop_start,
        "loop_push": w.loop_push.iter().map(|&b| m.box_info(b).name()).collect::<Vec<_>>(),
    })
}

impl FormulaReport {
    /// One JSON object: `{"index","line","formula","holds","contexts","millis"[,"witness"]}` or
    /// `{"index","line","formula","error"}`.
    pub fn to_json(&self, m: &Model) -> Value {
        match &self.result {
            Ok(o) => {
                let mut v = json!({
                    "index": self.index, "line": self.line, "formula": self.text,
                    "holds": o.holds, "contexts": o.contexts, "millis": o.millis,
                });
                if let Some((p, w)) = &o.witness {
                    v["witness"] = witness_json(m, *p, w);
                }
                v
            }
            Err(e) => {
                json!({ "index": self.index, "line": self.line, "formula": self.text, "error": e })
            }
        }
    }
    /// Human-readable text (several lines when there is a witness).
    pub fn to_text(&self, m: &Model) -> String {
        match &self.result {
            Ok(o) => {
                let mut s = format!(
                    "#{} {}  {}  ({} contexts, {:.3} ms)\n",
                    self.index,
                    if o.holds { "holds" } else { "FAILS" },
                    self.text,
                    o.contexts,
                    o.millis
                );
                if let Some((p, w)) = &o.witness {
                    s.push_str(if *p {
                        "  witness:\n"
                    } else {
                        "  counterexample:\n"
                    });
                    s.push_str(&w.render(m));
                }
                s
            }
            Err(e) => format!("#{} error  {}: {}\n", self.index, self.text, e),
        }
    }
}

/// Summary object: `{"summary":{"formulas","holds","fails","errors","millis","contexts","strategy"}}`.
pub fn summary_json(reports: &[FormulaReport], strategy: Strategy, millis: f64) -> Value {
    let holds = reports
        .iter()
        .filter(|r| matches!(&r.result, Ok(o) if o.holds))
        .count();
    let fails = reports
        .iter()
        .filter(|r| matches!(&r.result, Ok(o) if !o.holds))
        .count();
    let errors = reports.iter().filter(|r| r.result.is_err()).count();
    let contexts: usize = reports
        .iter()
        .filter_map(|r| r.result.as_ref().ok())
        .map(|o| o.contexts)
        .sum();
    json!({ "summary": {
        "formulas": reports.len(), "holds": holds, "fails": fails, "errors": errors,
        "millis": millis, "contexts": contexts, "strategy": strategy.name(),
    }})
}
