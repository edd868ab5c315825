//! Parser accepting both the RSMCheck syntax (`A G ( ( def__v | usedef__v ) --> E F ( use__v ) )`,
//! `E blue U black`, `E ( f U g )`, `not`/`~`, `and`/`&`, `or`/`|`, `-->`) and a friendlier syntax
//! (`AG (alloc -> AF free)`, `E[a U b]`, `A[a W b]`, `!`, `&&`, `||`, `->`).
//!
//! Precedence, loosest first: `->`/`-->` (right associative), `|`, `&`, then the unary operators
//! (`!`, quantified path operators). An until needs its quantifier: `E[f U g]`, `E (f U g)` or
//! `E f U g` (then both operands are unary formulas).

use super::ast::Formula;
use std::fmt;

/// A parse error with the byte offset where it was detected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the input.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    LParen,
    RParen,
    LBrack,
    RBrack,
    Not,
    And,
    Or,
    Implies,
    Iff,
    End,
}

fn lex(s: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        let start = i;
        let tok = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBrack,
            b']' => Tok::RBrack,
            b'!' | b'~' => Tok::Not,
            b'&' => {
                if b.get(i + 1) == Some(&b'&') {
                    i += 1;
                }
                Tok::And
            }
            b'|' => {
                if b.get(i + 1) == Some(&b'|') {
                    i += 1;
                }
                Tok::Or
            }
            b'-' => {
                if s[i..].starts_with("-->") {
                    i += 2;
                } else if s[i..].starts_with("->") {
                    i += 1;
                } else {
                    return Err(ParseError {
                        offset: i,
                        message: "expected `->` or `-->`".into(),
                    });
                }
                Tok::Implies
            }
            b'=' if s[i..].starts_with("=>") => {
                i += 1;
                Tok::Implies
            }
            b'<' if s[i..].starts_with("<->") => {
                i += 2;
                Tok::Iff
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$' => {
                while i < b.len()
                    && (b[i].is_ascii_alphanumeric()
                        || b[i] == b'_'
                        || b[i] == b'.'
                        || b[i] == b'$')
                {
                    i += 1;
                }
                out.push((Tok::Ident(s[start..i].to_string()), start));
                continue;
            }
            _ => {
                let ch = s[i..].chars().next().unwrap_or('?');
                return Err(ParseError {
                    offset: i,
                    message: format!("unexpected character `{ch}`"),
                });
            }
        };
        i += 1;
        out.push((tok, start));
    }
    out.push((Tok::End, s.len()));
    Ok(out)
}

enum P {
    F(Formula),
    Until(Formula, Formula, bool),
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
}

fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "A" | "E"
            | "X"
            | "F"
            | "G"
            | "U"
            | "W"
            | "AX"
            | "AF"
            | "AG"
            | "EX"
            | "EF"
            | "EG"
            | "not"
            | "and"
            | "or"
            | "implies"
    )
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    fn off(&self) -> usize {
        self.toks[self.pos].1
    }
    fn err<T>(&self, m: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            offset: self.off(),
            message: m.into(),
        })
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn peek_ident(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == k)
    }
    fn formula(&mut self) -> Result<Formula, ParseError> {
        let off = self.off();
        match self.imp()? {
            P::F(f) => Ok(f),
            P::Until(..) => Err(ParseError {
                offset: off,
                message: "an until formula needs a quantifier: write `E[f U g]` or `A[f U g]`"
                    .into(),
            }),
        }
    }
    fn imp(&mut self) -> Result<P, ParseError> {
        crate::deep::grow(|| {
            let l = self.or()?;
            if matches!(self.peek(), Tok::Implies) || self.peek_ident("implies") {
                let (l, r) = self.binary(l, Self::imp)?;
                return Ok(P::F(Formula::Implies(Box::new(l), Box::new(r))));
            }
            if matches!(self.peek(), Tok::Iff) {
                let (l, r) = self.binary(l, Self::imp)?;
                return Ok(P::F(Formula::Iff(Box::new(l), Box::new(r))));
            }
            Ok(l)
        })
    }
    fn want_f(&self, p: P) -> Result<Formula, ParseError> {
        self.want_f_at(p, self.off())
    }
    fn want_f_at(&self, p: P, off: usize) -> Result<Formula, ParseError> {
        match p {
            P::F(f) => Ok(f),
            P::Until(..) => Err(ParseError {
                offset: off,
                message: "an until formula needs a quantifier: write `E[f U g]` or `A[f U g]`"
                    .into(),
            }),
        }
    }
    /// The operands of a binary operator whose token is next: the left one `l` already parsed,
    /// the right one parsed by `rhs` after the token; both must be formulas (not a bare until).
    fn binary(
        &mut self,
        l: P,
        rhs: fn(&mut Self) -> Result<P, ParseError>,
    ) -> Result<(Formula, Formula), ParseError> {
        let l = self.want_f(l)?;
        self.bump();
        let off = self.off();
        let r = rhs(self)?;
        Ok((l, self.want_f_at(r, off)?))
    }
    fn or(&mut self) -> Result<P, ParseError> {
        let mut l = self.and()?;
        while matches!(self.peek(), Tok::Or) || self.peek_ident("or") {
            let (lf, r) = self.binary(l, Self::and)?;
            l = P::F(Formula::Or(Box::new(lf), Box::new(r)));
        }
        Ok(l)
    }
    fn and(&mut self) -> Result<P, ParseError> {
        let mut l = self.unary()?;
        while matches!(self.peek(), Tok::And) || self.peek_ident("and") {
            let (lf, r) = self.binary(l, Self::unary)?;
            l = P::F(Formula::And(Box::new(lf), Box::new(r)));
        }
        Ok(l)
    }
    fn unary_f(&mut self) -> Result<Formula, ParseError> {
        let off = self.off();
        let p = self.unary()?;
        self.want_f_at(p, off)
    }
    fn unary(&mut self) -> Result<P, ParseError> {
        crate::deep::grow(|| {
            let off = self.off();
            match self.peek().clone() {
                Tok::Not => {
                    self.bump();
                    Ok(P::F(Formula::Not(Box::new(self.unary_f()?))))
                }
                Tok::Ident(s) => match s.as_str() {
                    "not" => {
                        self.bump();
                        Ok(P::F(Formula::Not(Box::new(self.unary_f()?))))
                    }
                    "AX" | "AF" | "AG" | "EX" | "EF" | "EG" => {
                        self.bump();
                        let x = Box::new(self.unary_f()?);
                        Ok(P::F(match s.as_str() {
                            "AX" => Formula::AX(x),
                            "AF" => Formula::AF(x),
                            "AG" => Formula::AG(x),
                            "EX" => Formula::EX(x),
                            "EF" => Formula::EF(x),
                            _ => Formula::EG(x),
                        }))
                    }
                    "A" | "E" => {
                        self.bump();
                        let exist = s == "E";
                        if let Tok::Ident(op) = self.peek().clone() {
                            if matches!(op.as_str(), "X" | "F" | "G") {
                                self.bump();
                                let x = Box::new(self.unary_f()?);
                                return Ok(P::F(match (exist, op.as_str()) {
                                    (true, "X") => Formula::EX(x),
                                    (true, "F") => Formula::EF(x),
                                    (true, _) => Formula::EG(x),
                                    (false, "X") => Formula::AX(x),
                                    (false, "F") => Formula::AF(x),
                                    (false, _) => Formula::AG(x),
                                }));
                            }
                        }
                        let inner = self.unary()?;
                        let (l, r, weak) = match inner {
                            P::Until(l, r, w) => (l, r, w),
                            P::F(l) => {
                                let weak = if self.peek_ident("U") {
                                    false
                                } else if self.peek_ident("W") {
                                    true
                                } else {
                                    return self.err(format!(
                                    "expected X, F, G or an until (`{0}[f U g]`) after the path quantifier `{0}`",
                                    s
                                ));
                                };
                                self.bump();
                                let r = self.unary_f()?;
                                (l, r, weak)
                            }
                        };
                        let (l, r) = (Box::new(l), Box::new(r));
                        Ok(P::F(match (exist, weak) {
                            (true, false) => Formula::EU(l, r),
                            (true, true) => Formula::EW(l, r),
                            (false, false) => Formula::AU(l, r),
                            (false, true) => Formula::AW(l, r),
                        }))
                    }
                    "true" | "TRUE" | "True" => {
                        self.bump();
                        Ok(P::F(Formula::True))
                    }
                    "false" | "FALSE" | "False" => {
                        self.bump();
                        Ok(P::F(Formula::False))
                    }
                    _ if is_keyword(&s) => self.err(format!("unexpected keyword `{s}`")),
                    _ => {
                        self.bump();
                        Ok(P::F(Formula::Atom(s)))
                    }
                },
                Tok::LParen | Tok::LBrack => {
                    let close = if self.bump() == Tok::LParen {
                        Tok::RParen
                    } else {
                        Tok::RBrack
                    };
                    let inner = self.imp()?;
                    let res = match inner {
                        P::Until(..) => inner,
                        P::F(l) => {
                            if self.peek_ident("U") || self.peek_ident("W") {
                                let weak = self.peek_ident("W");
                                self.bump();
                                let r = self.formula()?;
                                P::Until(l, r, weak)
                            } else {
                                P::F(l)
                            }
                        }
                    };
                    if *self.peek() != close {
                        let want = if close == Tok::RParen { ")" } else { "]" };
                        return self.err(format!("expected `{want}`"));
                    }
                    self.bump();
                    Ok(res)
                }
                Tok::End => Err(ParseError {
                    offset: off,
                    message: "unexpected end of formula".into(),
                }),
                t => self.err(format!("unexpected {}", describe(&t))),
            }
        })
    }
}

fn describe(t: &Tok) -> &'static str {
    match t {
        Tok::RParen => "`)`",
        Tok::RBrack => "`]`",
        Tok::And => "`&`",
        Tok::Or => "`|`",
        Tok::Implies => "`->`",
        Tok::Iff => "`<->`",
        _ => "token",
    }
}

/// Parse one formula.
pub fn parse(s: &str) -> Result<Formula, ParseError> {
    let toks = lex(s)?;
    let mut p = Parser { toks, pos: 0 };
    let f = p.formula()?;
    if *p.peek() != Tok::End {
        return p.err("unexpected text after the formula");
    }
    Ok(f)
}

/// Parse a formula file: one formula per line, `#` comments and blank lines skipped. Returns, per
/// formula line, its 1-based line number, its text and the parse result.
pub fn parse_file(s: &str) -> Vec<(usize, String, Result<Formula, ParseError>)> {
    s.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, l)| (i + 1, l.trim().to_string(), parse(l.trim())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn both_syntaxes() {
        let a = parse("A G ( ( def__v | usedef__v ) --> E F ( use__v | usedef__v ) )").unwrap();
        let b = parse("AG ((def__v | usedef__v) -> EF (use__v | usedef__v))").unwrap();
        assert_eq!(a, b);
        assert_eq!(
            parse("E X E blue U black").unwrap().to_string(),
            "EX E[blue U black]"
        );
        assert_eq!(
            parse("A X E blue U red").unwrap().to_string(),
            "AX E[blue U red]"
        );
        assert_eq!(
            parse("E X red or E X E ( blue U black )")
                .unwrap()
                .to_string(),
            "(EX red | EX E[blue U black])"
        );
        assert_eq!(parse("A[a W b]").unwrap().to_string(), "A[a W b]");
        assert_eq!(
            parse("E[!free_p U (exit & x.y)]").unwrap().to_string(),
            "E[!free_p U (exit & x.y)]"
        );
        assert_eq!(parse("not a and ~b").unwrap().to_string(), "(!a & !b)");
        assert_eq!(parse("a -> b -> c").unwrap().to_string(), "(a -> (b -> c))");
        assert_eq!(
            parse("E (a | b) U c").unwrap().to_string(),
            "E[(a | b) U c]"
        );
    }
    #[test]
    fn errors_have_offsets() {
        let e = parse("AG (a -> ").unwrap_err();
        assert_eq!(e.offset, 9);
        let e = parse("a U b").unwrap_err();
        assert!(e.message.contains("after the formula"), "{e}");
        let e = parse("(a U b)").unwrap_err();
        assert!(e.message.contains("quantifier"), "{e}");
        let e = parse("E a").unwrap_err();
        assert_eq!(e.offset, 3);
        assert!(parse("a # b").is_err());
        assert!(parse("AG (a").unwrap_err().message.contains("`)`"));
    }
}
