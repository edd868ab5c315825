//! Inline suppressions: comments in the source that silence findings on their line or the line
//! after.
//!
//! Two forms are recognised, in `//` and `/* */` comments:
//!
//! - `goanna-rs: ignore[MEM-leak, SPC-uninit-var-all]` — the listed checks (ids or families,
//!   comma-separated); `goanna-rs: ignore` alone silences every check;
//! - C-STAT's `cstat !MEM-leak !SPC-uninit-var-all` — each `!ID` silences one check (other
//!   C-STAT directives, `-ID`, `+ID`, `#ID`, are ignored).
//!
//! A comment applies to the lines it spans and to the line after it ends.

use std::collections::BTreeMap;

/// Which checks a directive silences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directive {
    /// Every check.
    All,
    /// These check ids or families.
    Checks(Vec<String>),
}

impl Directive {
    /// Whether the directive silences this check (by id, or by the id's family).
    pub fn covers(&self, check: &str) -> bool {
        match self {
            Directive::All => true,
            Directive::Checks(ids) => {
                let family = check.split('-').next().unwrap_or(check);
                ids.iter().any(|id| id == check || id == family)
            }
        }
    }
}

/// One suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// 1-based line where the comment starts.
    pub first_line: u32,
    /// 1-based line where it ends.
    pub last_line: u32,
    /// What it silences.
    pub directive: Directive,
    /// The comment's text, trimmed (the justification shown in reports).
    pub text: String,
}

/// The suppression comments of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suppressions {
    by_line: BTreeMap<u32, Vec<Suppression>>,
}

impl Suppressions {
    /// Finds the suppression comments in a file's contents. Never fails: text that is not a
    /// directive is ignored.
    pub fn parse(contents: &str) -> Suppressions {
        let mut by_line: BTreeMap<u32, Vec<Suppression>> = BTreeMap::new();
        for comment in comments(contents) {
            if let Some(directive) = directive(comment.text) {
                let suppression = Suppression {
                    first_line: comment.first_line,
                    last_line: comment.last_line,
                    directive,
                    text: comment.text.trim().to_string(),
                };
                for line in comment.first_line..=comment.last_line + 1 {
                    by_line.entry(line).or_default().push(suppression.clone());
                }
            }
        }
        Suppressions { by_line }
    }

    /// The comment that silences `check` at `line` (1-based), if any.
    pub fn find(&self, line: u32, check: &str) -> Option<&Suppression> {
        self.by_line.get(&line)?.iter().find(|s| s.directive.covers(check))
    }

    /// The ids that the file's suppression comments name and `known` does not accept (a
    /// misspelt check silences nothing), with the line of their comment, in line order.
    pub fn unknown_ids(&self, known: &dyn Fn(&str) -> bool) -> Vec<(u32, String)> {
        let mut out = Vec::new();
        for (line, suppressions) in &self.by_line {
            for suppression in suppressions.iter().filter(|s| s.first_line == *line) {
                if let Directive::Checks(ids) = &suppression.directive {
                    out.extend(ids.iter().filter(|id| !known(id)).map(|id| (*line, id.clone())));
                }
            }
        }
        out.dedup();
        out
    }

    /// True when the file has no suppression comment.
    pub fn is_empty(&self) -> bool {
        self.by_line.is_empty()
    }
}

struct Comment<'a> {
    first_line: u32,
    last_line: u32,
    text: &'a str,
}

/// The comments of C source, skipping string and character literals.
fn comments(src: &str) -> Vec<Comment<'_>> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut line = 1u32;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'"' | b'\'' => {
                let quote = bytes[i];
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' && i + 1 < bytes.len() {
                        if bytes[i + 1] == b'\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == quote {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let start = i + 2;
                let end = src[start..].find('\n').map_or(bytes.len(), |n| start + n);
                out.push(Comment { first_line: line, last_line: line, text: &src[start..end] });
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let start = i + 2;
                let end = src[start..].find("*/").map_or(bytes.len(), |n| start + n);
                let text = &src[start..end];
                let last_line = line + text.matches('\n').count() as u32;
                out.push(Comment { first_line: line, last_line, text });
                line = last_line;
                i = (end + 2).min(bytes.len());
            }
            _ => i += 1,
        }
    }
    out
}

/// The directive in a comment's text, if it holds one.
fn directive(text: &str) -> Option<Directive> {
    let trimmed = text.trim();
    if let Some(rest) = trimmed.strip_prefix("cstat") {
        let ids: Vec<String> = rest
            .split_whitespace()
            .filter_map(|token| token.strip_prefix('!'))
            .filter(|id| !id.is_empty())
            .map(str::to_string)
            .collect();
        return (!ids.is_empty()).then_some(Directive::Checks(ids));
    }
    let at = trimmed.find("goanna-rs:")?;
    let rest = trimmed[at + "goanna-rs:".len()..].trim_start();
    let rest = rest.strip_prefix("ignore")?;
    let rest = rest.trim_start();
    if let Some(list) = rest.strip_prefix('[') {
        let list = &list[..list.find(']')?];
        let ids: Vec<String> = list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
        return (!ids.is_empty()).then_some(Directive::Checks(ids));
    }
    if rest.is_empty() || !rest.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
        return Some(Directive::All);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goanna_comments_on_the_line_or_the_line_before() {
        let src = "int f(void) {\n  char *p = malloc(1); // goanna-rs: ignore[MEM-leak]\n  // goanna-rs: ignore[SPC-uninit-var-all, RED]\n  return x;\n}\n";
        let s = Suppressions::parse(src);
        assert!(s.find(2, "MEM-leak").is_some());
        assert!(s.find(3, "MEM-leak").is_some(), "the line after a comment is covered too");
        assert!(s.find(2, "SPC-uninit-var-all").is_none());
        assert!(s.find(4, "SPC-uninit-var-all").is_some());
        assert!(s.find(4, "RED-dead").is_some(), "families match");
        assert!(s.find(4, "MEM-leak").is_none());
        assert!(s.find(5, "SPC-uninit-var-all").is_none());
    }

    #[test]
    fn unknown_ids_are_listed_once_at_their_comment() {
        let src = "a(); // goanna-rs: ignore[MEM-lek, RED]\n/* goanna-rs: ignore[NOPE-x]\n */ b();\nc(); //cstat !MEM-leak !BOGUS\n// goanna-rs: ignore\n";
        let known = |id: &str| matches!(id, "MEM-leak" | "RED");
        let unknown = Suppressions::parse(src).unknown_ids(&known);
        assert_eq!(unknown, vec![(1, "MEM-lek".to_string()), (2, "NOPE-x".to_string()), (4, "BOGUS".to_string())]);
    }

    #[test]
    fn bare_ignore_silences_everything() {
        let s = Suppressions::parse("x = 1; /* goanna-rs: ignore */\n");
        assert!(s.find(1, "ANY-thing").is_some());
        assert_eq!(s.find(1, "A-b").unwrap().text, "goanna-rs: ignore");
        assert!(Suppressions::parse("// goanna-rs: ignored by nobody\n").is_empty());
    }

    #[test]
    fn cstat_forms() {
        let s = Suppressions::parse("a(); //cstat !MEM-leak !SPC-uninit-var-all\nb(); /*cstat !RED-dead */\nc(); // cstat -MEM-leak\n");
        assert!(s.find(1, "MEM-leak").is_some());
        assert!(s.find(1, "SPC-uninit-var-all").is_some());
        assert!(s.find(2, "RED-dead").is_some());
        assert!(s.find(3, "MEM-leak").is_none(), "`-ID` is not a one-line suppression");
    }

    #[test]
    fn strings_and_multiline_comments() {
        let s = Suppressions::parse("puts(\"// goanna-rs: ignore\");\n/* first\n goanna-rs: ignore[X-y]\n*/\nz();\n");
        assert!(s.find(1, "X-y").is_none(), "not a comment inside a string");
        assert!(s.find(2, "X-y").is_some());
        assert!(s.find(5, "X-y").is_some(), "the line after the comment ends");
        assert!(s.find(6, "X-y").is_none());
    }
}
