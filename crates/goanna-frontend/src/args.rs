//! Filtering compile-command arguments down to what libclang's parser accepts.
//!
//! Arguments are meant to be passed exactly as they appear in `compile_commands.json`: the
//! compiler name (and `ccache`/`distcc` wrappers) at the front, `-c`, `-S`, `-E`, `-o FILE`,
//! dependency-file flags (`-M`, `-MM`, `-MD`, `-MMD`, `-MP`, `-MG`, `-MF F`, `-MT T`, `-MQ T`,
//! `-MJ F`) and every positional argument (the source file itself, other inputs) are dropped.
//! Everything else (`-I`, `-D`, `-std`, `-isystem`, target flags, ...) is kept verbatim.

/// Options whose value is the next argument (kept together with it).
const TAKES_VALUE: &[&str] = &[
    "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-iprefix",
    "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-x", "-Xclang", "-target", "-arch",
    "-std", "--sysroot", "-F", "-Xpreprocessor", "-working-directory", "-ivfsoverlay",
];

/// Options dropped together with their value argument.
const DROP_WITH_VALUE: &[&str] = &["-o", "-MF", "-MT", "-MQ", "-MJ"];

/// Options dropped alone.
const DROP_ALONE: &[&str] = &["-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-pipe"];

/// True when `arg` names a compiler driver or a compiler wrapper.
fn looks_like_compiler(arg: &str) -> bool {
    if arg.starts_with('-') {
        return false;
    }
    let name = arg.rsplit(['/', '\\']).next().unwrap_or(arg);
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let mut base = name.split('-').filter(|p| !p.is_empty() && !p.chars().all(|c| c.is_ascii_digit() || c == '.'));
    base.next_back().is_some_and(|b| {
        matches!(b, "cc" | "gcc" | "clang" | "c89" | "c99" | "icc" | "icx" | "tcc" | "ccache" | "distcc" | "sccache" | "c++" | "CC" | "icpc" | "icpx")
            || b.ends_with("gcc")
            || b.ends_with("clang")
            || b.ends_with("g++")
            || b.ends_with("clang++")
    })
}

/// Returns the arguments to give to libclang, following the module's rules.
pub(crate) fn filter_args(args: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < args.len() && looks_like_compiler(&args[i]) {
        i += 1;
    }
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if DROP_ALONE.contains(&arg) {
            continue;
        }
        if DROP_WITH_VALUE.contains(&arg) {
            i += 1;
            continue;
        }
        if (arg.starts_with("-o") && arg.len() > 2)
            || (arg.starts_with("-MF") || arg.starts_with("-MT") || arg.starts_with("-MQ") || arg.starts_with("-MJ")) && arg.len() > 3
        {
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            // Positional: the source file itself or another input.
            continue;
        }
        out.push(arg.to_owned());
        if TAKES_VALUE.contains(&arg) && i < args.len() {
            out.push(args[i].clone());
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn drops_compiler_output_and_dependency_flags() {
        let args = v("/usr/bin/gcc -c -o foo.o -MD -MF foo.d -MTfoo -Iinc -I other -DX=1 -std=c99 foo.c");
        assert_eq!(filter_args(&args), v("-Iinc -I other -DX=1 -std=c99"));
    }

    #[test]
    fn drops_wrappers_and_cross_compilers() {
        assert_eq!(filter_args(&v("ccache arm-none-eabi-gcc -O2 x.c")), v("-O2"));
        assert_eq!(filter_args(&v("clang-19 -Wall x.c")), v("-Wall"));
        assert_eq!(filter_args(&v("cc -include config.h x.c")), v("-include config.h"));
    }

    #[test]
    fn keeps_plain_flags() {
        assert_eq!(filter_args(&v("-DFOO -x c")), v("-DFOO -x c"));
        assert!(filter_args(&[]).is_empty());
    }
}
