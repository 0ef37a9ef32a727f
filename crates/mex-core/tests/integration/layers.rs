//! The layering of ARCHITECTURE.md, read from the sources: the modules of
//! mex-core in one ordered table, from the foundations up to the catalog,
//! and every dependency pointing down it. Since no module may use a module
//! of its own layer or above, the imports can form no circle.
//!
//! A dependency is a path starting with `crate::`, `super::` or `self::`
//! in code, in a `use` declaration (groups `{…}` expanded) or inline
//! (`crate::heap::code::naive_values(…)`, an attribute's string); comments
//! and doc comments may name any module. Paths are resolved against the
//! module tree (`mod` declarations followed from `lib.rs`) and the
//! crate root's re-exports (`crate::MexError` is in `error`).
//!
//! Test code (`#[cfg(test)]` items and modules, and the files they declare)
//! may use anything in its own folder and below, not above: the tests of
//! `partizan::store` may write games in `partizan::notation`, but the tests
//! of `impartial::` may not use the heap games.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The modules of mex-core from the bottom up. A module may use the
/// modules of earlier layers only, not the peers of its own layer. An
/// entry covers the module it names and everything inside it, except the
/// modules that have entries of their own: `impartial` is
/// `impartial/mod.rs`, `heap::sparse` is `heap/sparse/` as a whole, and
/// `games::*` the whole catalog. Every file directly in a folder has its
/// own entry, so a new file has to be placed here.
const LAYERS: &[&[&str]] = &[
    // Foundations.
    &["error"],
    &["stop", "stack", "bigint", "decimal", "ruleset", "digest_io"],
    // impartial/: normal play, then misère play.
    &["impartial", "impartial::mex"],
    &[
        "impartial::nim",
        "impartial::ruleset",
        "impartial::nimber_field",
    ],
    &["impartial::nimber_expression"],
    &["impartial::grundy", "impartial::misere"],
    &["impartial::search", "impartial::misere_form"],
    &["impartial::search_checkpoint"],
    // heap/: codes, sequences and their periods, then the drivers.
    &["heap", "heap::periodic", "heap::code", "heap::wythoff"],
    &[
        "heap::subtraction",
        "heap::sparse",
        "heap::misere",
        "heap::misere_quotient",
        "heap::period",
    ],
    &["heap::octal"],
    &["heap::checkpoint", "heap::domino"],
    // solve/: the backward-induction engine and what runs on it.
    &["solve", "solve::backward", "solve::graph"],
    &["solve::retrograde", "solve::arena"],
    &["solve::smith", "solve::partizan_graph"],
    // shift/: states, the arena, the fast rule, De Bruijn sequences.
    &["shift", "shift::state", "shift::packed"],
    &["shift::debruijn", "shift::exhaustive"],
    &["shift::rule"],
    &["shift::generalized", "shift::graph"],
    // partizan/: the store and its fast paths, then what is built on it.
    &[
        "partizan",
        "partizan::outcome",
        "partizan::comparison_cache",
    ],
    &["partizan::simple", "partizan::syntax"],
    &["partizan::store"],
    &[
        "partizan::test_shapes",
        "partizan::ruleset",
        "partizan::thermograph",
    ],
    &[
        "partizan::toolkit",
        "partizan::cherries",
        "partizan::domineering",
        "partizan::minimax",
    ],
    &["partizan::proof_text"],
    &[
        "partizan::notation",
        "partizan::search_checkpoint",
        "partizan::domineering_search",
    ],
    &["partizan::infinitesimal", "partizan::database"],
    &["partizan::value"],
    // partizan/loopy/: graphs, survival, simplest forms, values, notation.
    &["partizan::loopy::graph"],
    &["partizan::loopy::compare"],
    &["partizan::loopy::stopper"],
    &["partizan::loopy::value"],
    &["partizan::loopy::sidling"],
    &["partizan::loopy::side_form"],
    &["partizan::loopy::sides"],
    &["partizan::loopy::notation"],
    &["partizan::loopy::predicates", "partizan::loopy::degree"],
    &["partizan::loopy"],
    // sync/.
    &["sync", "sync::solver"],
    &["sync::ssc"],
    &["sync::explicit", "sync::cherries"],
    // The catalog, on every engine.
    &["games::*"],
    // The crate root declares every module.
    &["crate"],
];

/// One line of code that names a module.
#[derive(Debug, Clone, PartialEq)]
struct Import {
    /// 1-based line number.
    line: usize,
    /// The module the line is in (inline modules included).
    from: Vec<String>,
    /// The path as resolved, from the crate root (`heap::code::TakeBreakCode`).
    path: Vec<String>,
    /// Whether the line is test code.
    test: bool,
}

/// A source file of the crate and the module it is.
struct SourceFile {
    file: PathBuf,
    module: Vec<String>,
    test_only: bool,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn show(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_string()
    } else {
        path.join("::")
    }
}

/// The name in `mod name;` or `mod name {`, with what follows it.
fn module_declaration(code: &str) -> Option<(&str, &str)> {
    let rest = ["pub(crate) mod ", "pub mod ", "mod "]
        .iter()
        .find_map(|p| code.strip_prefix(p))?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some((&rest[..end], rest[end..].trim()))
}

/// `#[cfg(test)]`, or a `cfg` that needs `test` (`any(test, …)` too).
fn is_test_attribute(code: &str) -> bool {
    code.starts_with("#[cfg(")
        && code.contains("test")
        && !code.contains("doctest")
        && !code.contains("not(test")
}

/// Every file of the module tree, from `lib.rs` down the `mod x;` lines.
fn module_tree() -> Vec<SourceFile> {
    let mut files = Vec::new();
    let mut todo = vec![SourceFile {
        file: src().join("lib.rs"),
        module: vec![],
        test_only: false,
    }];
    while let Some(unit) = todo.pop() {
        let text = fs::read_to_string(&unit.file).expect("readable source");
        let name = unit.file.file_stem().unwrap().to_string_lossy();
        let dir = if name == "lib" || name == "mod" {
            unit.file.parent().unwrap().to_path_buf()
        } else {
            unit.file.with_extension("")
        };
        let mut after_test_attribute = false;
        for line in text.lines() {
            let code = line.trim();
            if let Some((child, ";")) = module_declaration(code) {
                let flat = dir.join(format!("{child}.rs"));
                let file = if flat.exists() {
                    flat
                } else {
                    dir.join(child).join("mod.rs")
                };
                let mut module = unit.module.clone();
                module.push(child.to_string());
                todo.push(SourceFile {
                    file,
                    module,
                    test_only: unit.test_only || after_test_attribute,
                });
            }
            if !code.starts_with("#[") {
                after_test_attribute = false;
            } else if is_test_attribute(code) {
                after_test_attribute = true;
            }
        }
        files.push(unit);
    }
    files
}

/// The paths in a `use` tree such as `super::{a, b::{c, d}}`, spaces
/// removed: `super::a`, `super::b::c`, `super::b::d`.
/// Renames (`x as y`) are dropped.
fn expand_use_tree(tree: &str) -> Vec<String> {
    let mut tokens = tree.split_whitespace();
    let mut tree = String::new();
    while let Some(token) = tokens.next() {
        if token == "as" {
            let alias = tokens.next().unwrap_or_default();
            tree.extend(alias.chars().filter(|&c| c == ',' || c == '}'));
        } else {
            tree.push_str(token);
        }
    }
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let (prefix, group) = (&tree[..open], &tree[open + 1..tree.len() - 1]);
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in group.char_indices().chain([(group.len(), ',')]) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                let item = &group[start..i];
                if !item.is_empty() {
                    out.extend(expand_use_tree(&format!("{prefix}{item}")));
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// The paths starting with `crate::`, `super::` or `self::` in a line of
/// code (not after a letter, a digit, `_` or `$`), each as far as its
/// segments are names.
fn inline_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
                continue;
            }
            let rest = &code[at..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            out.push(rest[..end].trim_end_matches(':').to_string());
        }
    }
    out
}

/// `path` (`crate::…`, `super::…`, `self::…`) from inside `module`, as a
/// path from the crate root; `None` for other paths (`std::…`, `Foo::bar`).
fn resolve(module: &[String], path: &str) -> Option<Vec<String>> {
    let mut segments = path.split("::").filter(|s| !s.is_empty()).peekable();
    let mut out: Vec<String> = match *segments.peek()? {
        "crate" => {
            segments.next();
            vec![]
        }
        "super" | "self" => module.to_vec(),
        _ => return None,
    };
    while let Some(&s) = segments.peek() {
        match s {
            "super" => out.pop(),
            "self" => None,
            _ => break,
        };
        segments.next();
    }
    out.extend(
        segments
            .filter(|&s| s != "self" && s != "*")
            .map(String::from),
    );
    Some(out)
}

/// What a file names, each path resolved from the module it is in (its
/// inline modules included), comments skipped, `use` declarations spanning
/// several lines joined.
fn imports(module: &[String], text: &str, test_only: bool) -> Vec<Import> {
    let mut out = Vec::new();
    // Inline modules we are in: (indentation, name, is test code).
    let mut inline: Vec<(usize, String, bool)> = Vec::new();
    // A test item that is not a module, until the line closing it.
    let mut test_item_until: Option<usize> = None;
    let mut after_test_attribute = false;
    let mut open_use: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let code = line.trim();
        let indent = line.len() - line.trim_start().len();
        if code.starts_with("//") || code.is_empty() {
            continue;
        }
        if let Some(&(depth, _, _)) = inline.last() {
            if indent == depth && code.starts_with('}') {
                inline.pop();
                continue;
            }
        }
        if test_item_until == Some(indent) && code.starts_with('}') {
            test_item_until = None;
        }
        let in_test = test_only
            || test_item_until.is_some()
            || after_test_attribute
            || inline.iter().any(|&(_, _, test)| test);
        let mut here = module.to_vec();
        here.extend(inline.iter().map(|(_, name, _)| name.clone()));
        if let Some((name, "{")) = module_declaration(code) {
            inline.push((indent, name.to_string(), in_test));
            after_test_attribute = false;
            continue;
        }
        if code.starts_with("#[") {
            if is_test_attribute(code) {
                after_test_attribute = true;
            }
        } else if after_test_attribute {
            after_test_attribute = false;
            if !code.ends_with(';') && !code.ends_with('}') {
                test_item_until = Some(indent);
            }
        }
        let statement = match open_use.take() {
            Some((first, mut text)) => {
                text.push_str(code);
                Some((first, text))
            }
            None => ["use ", "pub use ", "pub(crate) use "]
                .iter()
                .find_map(|p| code.strip_prefix(p))
                .map(|rest| (i, rest.to_string())),
        };
        let paths = match statement {
            Some((first, text)) if !text.ends_with(';') => {
                open_use = Some((first, text));
                continue;
            }
            Some((_, text)) => expand_use_tree(text.trim_end_matches(';')),
            None => inline_paths(code),
        };
        for path in paths {
            if let Some(path) = resolve(&here, &path) {
                out.push(Import {
                    line: i + 1,
                    from: here.clone(),
                    path,
                    test: in_test,
                });
            }
        }
    }
    out
}

/// Where each module of the table is: (layer, the entry as written).
fn table() -> BTreeMap<Vec<String>, (usize, &'static str)> {
    let mut entries = BTreeMap::new();
    for (layer, peers) in LAYERS.iter().enumerate() {
        for &entry in *peers {
            let key: Vec<String> = match entry {
                "crate" => vec![],
                _ => entry
                    .trim_end_matches("::*")
                    .split("::")
                    .map(String::from)
                    .collect(),
            };
            assert!(
                entries.insert(key, (layer, entry)).is_none(),
                "{entry} is twice in LAYERS"
            );
        }
    }
    entries
}

/// The entry covering a module: the longest entry the path starts with.
fn entry_of(
    table: &BTreeMap<Vec<String>, (usize, &'static str)>,
    path: &[String],
) -> Option<(usize, &'static str)> {
    (0..=path.len())
        .rev()
        .find_map(|n| table.get(&path[..n]).copied())
}

/// The crate root's re-exports (`pub use error::MexError;`): name → module.
fn root_reexports() -> BTreeMap<String, Vec<String>> {
    let text = fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("pub use ") {
            for path in expand_use_tree(rest.trim_end_matches(';')) {
                let mut segments: Vec<String> = path.split("::").map(String::from).collect();
                let name = segments.pop().expect("a name");
                out.insert(name, segments);
            }
        }
    }
    out
}

/// The module a resolved path lands in, re-exports of the root followed.
fn target(
    table: &BTreeMap<Vec<String>, (usize, &'static str)>,
    reexports: &BTreeMap<String, Vec<String>>,
    path: &[String],
) -> Option<(usize, &'static str)> {
    match path.first().and_then(|first| reexports.get(first)) {
        Some(module) => entry_of(table, module),
        None => entry_of(table, path),
    }
}

/// The highest layer a folder's entries reach (the folder: the first
/// segment of a module's path).
fn top_of_folder(folder: &str) -> usize {
    LAYERS
        .iter()
        .rposition(|peers| peers.iter().any(|e| e.split("::").next() == Some(folder)))
        .expect("a listed folder")
}

/// The imports of one file that break the table, as messages.
fn violations(file: &str, module: &[String], text: &str, test_only: bool) -> Vec<String> {
    let table = table();
    let reexports = root_reexports();
    let Some((layer, entry)) = entry_of(&table, module) else {
        return vec![format!("{file}: module {} is not in LAYERS", show(module))];
    };
    let mut out = Vec::new();
    for import in imports(module, text, test_only) {
        let Some((to_layer, to_entry)) = target(&table, &reexports, &import.path) else {
            continue;
        };
        let allowed = if to_entry == entry {
            true
        } else if import.test {
            to_layer <= top_of_folder(module.first().map_or("crate", String::as_str))
        } else {
            to_layer < layer
        };
        if !allowed {
            let code = if import.test { "test code in " } else { "" };
            out.push(format!(
                "{file}:{}: {code}{} (layer {layer}, {entry}) uses {} (layer {to_layer}, {to_entry}); \
                 dependencies must point down LAYERS in tests/integration/layers.rs (move the shared item down, \
                 or the module up if the table is wrong)",
                import.line,
                show(&import.from),
                show(&import.path)
            ));
        }
    }
    out
}

#[test]
fn every_dependency_points_down_the_table() {
    let files = module_tree();
    assert!(files.len() > 80, "{} files in the module tree", files.len());
    let mut broken = Vec::new();
    for unit in &files {
        let text = fs::read_to_string(&unit.file).expect("readable source");
        let name = unit.file.strip_prefix(src()).unwrap().display().to_string();
        broken.extend(violations(
            &format!("src/{name}"),
            &unit.module,
            &text,
            unit.test_only,
        ));
    }
    assert!(broken.is_empty(), "\n{}", broken.join("\n"));
}

/// A file directly in a folder (`heap/code.rs`) has its own entry; so has
/// every file of the crate root.
#[test]
fn every_file_is_placed_in_the_table() {
    let table = table();
    for unit in module_tree() {
        let placed = match unit.module.len() {
            0 => true,
            1 | 2 => {
                let (_, entry) = entry_of(&table, &unit.module).expect("covered");
                entry.ends_with("::*") || entry == show(&unit.module)
            }
            _ => entry_of(&table, &unit.module).is_some(),
        };
        assert!(
            placed,
            "{} ({}) has no entry of its own in LAYERS in tests/integration/layers.rs",
            show(&unit.module),
            unit.file.display()
        );
    }
    for key in table.keys().filter(|k| !k.is_empty()) {
        let found = module_tree().iter().any(|u| u.module == *key);
        assert!(found, "LAYERS names {}, which is not a module", show(key));
    }
}

/// The rule of ARCHITECTURE.md in its plain form: no engine names the
/// catalog (`games/`) outside comments.
#[test]
fn no_engine_imports_the_catalog() {
    let engines: Vec<_> = module_tree()
        .into_iter()
        .filter(|u| u.module.first().is_some_and(|m| m != "games"))
        .collect();
    assert!(engines.len() > 20, "{} engine files", engines.len());
    for unit in engines {
        let text = fs::read_to_string(&unit.file).expect("readable source");
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            assert!(
                !code.contains("crate::games") && !code.contains("super::games"),
                "{}:{}: an engine uses the catalog: {line}",
                unit.file.display(),
                i + 1
            );
        }
    }
}

/// Inside the catalog, the games with engines of their own are folders
/// whose files are ordered from the bottom up, as [`LAYERS`] orders the
/// crate: the positions, then the engine, then the game (the folder's
/// `mod.rs`), which alone the rest of the catalog sees. (The catalog as a
/// whole is still one entry of [`LAYERS`]: `games/mod.rs` holds both the
/// traits every game imports and the registry that imports every game.)
const CATALOG_FOLDERS: &[&[&str]] = &[
    &[
        "games::chomp::staircase",
        "games::chomp::dense",
        "games::chomp",
    ],
    &["games::cram::cells", "games::cram::board", "games::cram"],
];

/// The place of `path` in its folder's order, when it is in one of
/// [`CATALOG_FOLDERS`]: (folder, rank).
fn catalog_rank(path: &[String]) -> Option<(usize, usize)> {
    CATALOG_FOLDERS.iter().enumerate().find_map(|(f, order)| {
        order
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                let m = module(m);
                path.len() >= m.len() && path[..m.len()] == m[..]
            })
            .max_by_key(|(_, m)| m.len())
            .map(|(rank, _)| (f, rank))
    })
}

/// No file of a catalog folder imports a file of its folder at its own
/// rank or above: no circle, no import back up to the game.
#[test]
fn catalog_folders_import_down_only() {
    let mut seen = 0;
    let mut broken = Vec::new();
    for unit in module_tree() {
        let Some((folder, from)) = catalog_rank(&unit.module) else {
            continue;
        };
        seen += 1;
        let text = fs::read_to_string(&unit.file).expect("readable source");
        for i in imports(&unit.module, &text, unit.test_only) {
            if i.test {
                continue;
            }
            if let Some((f, to)) = catalog_rank(&i.path) {
                if f == folder && to >= from && i.from == unit.module {
                    broken.push(format!(
                        "{}:{}: {} uses {}",
                        unit.file.display(),
                        i.line,
                        show(&unit.module),
                        show(&i.path)
                    ));
                }
            }
        }
    }
    assert_eq!(seen, 6, "the files of the catalog's folders");
    assert!(broken.is_empty(), "\n{}", broken.join("\n"));
    // The checker sees an import back up.
    let up = imports(&module("games::cram::board"), "use super::Cram;\n", false);
    assert_eq!(catalog_rank(&up[0].path), Some((1, 2)), "{up:?}");
}

fn module(path: &str) -> Vec<String> {
    path.split("::").map(String::from).collect()
}

#[test]
fn use_trees_are_expanded() {
    assert_eq!(
        expand_use_tree("super::{a, b::{c, d}, e::F}"),
        ["super::a", "super::b::c", "super::b::d", "super::e::F"]
    );
    assert_eq!(expand_use_tree("crate::MexError"), ["crate::MexError"]);
    assert_eq!(
        expand_use_tree("super::{show_braces as show, x::Y as Z}"),
        ["super::show_braces", "super::x::Y"]
    );
    assert_eq!(
        inline_paths("let g = crate::heap::code::naive_values(&c, 10); $crate::x; my_crate::y"),
        ["crate::heap::code::naive_values"]
    );
}

#[test]
fn paths_are_resolved_from_their_module() {
    let here = module("heap::sparse::two_cores");
    assert_eq!(
        resolve(&here, "super::BLOCK"),
        Some(module("heap::sparse::BLOCK"))
    );
    assert_eq!(
        resolve(&here, "super::super::code"),
        Some(module("heap::code"))
    );
    assert_eq!(
        resolve(&here, "crate::stop::check"),
        Some(module("stop::check"))
    );
    assert_eq!(resolve(&here, "std::fmt"), None);
}

/// The checker finds a climb, a circle's upward half, an import of a
/// peer, and test code reaching above its folder; it accepts a module
/// using itself, a lower layer, and test code using its own folder.
#[test]
fn the_checker_catches_upward_imports() {
    let misere = module("impartial::misere");
    let climb = "use crate::heap::code::TakeBreakCode;\n";
    let found = violations("misere.rs", &misere, climb, false);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("misere.rs:1: impartial::misere (layer 5, impartial::misere) uses heap::code::TakeBreakCode"),
        "{}",
        found[0]
    );
    let simple = module("partizan::simple");
    let circle = "use super::{store::GameStore, outcome::OutcomeClass};\n";
    assert_eq!(violations("simple.rs", &simple, circle, false).len(), 1);
    let peer = "fn f() {\n    crate::partizan::test_shapes::build();\n}\n";
    let thermograph = module("partizan::thermograph");
    assert_eq!(violations("t.rs", &thermograph, peer, false).len(), 1);
    let tests_above = "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::heap::code::naive_values;\n}\n";
    let found = violations("misere.rs", &misere, tests_above, false);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains(":4: test code in impartial::misere::tests"),
        "{}",
        found[0]
    );
    let fine = "use super::Outcome;\nuse crate::MexError;\nuse self::inner::X;\n#[cfg(test)]\nmod tests {\n    use crate::impartial::grundy::GrundySolver;\n}\n";
    let nim = module("impartial::nim");
    assert_eq!(
        violations("nim.rs", &nim, fine, false),
        Vec::<String>::new()
    );
}
