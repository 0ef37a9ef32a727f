//! The layering of ARCHITECTURE.md: engines never depend on the catalog
//! (`games/`), which is built on them. Doc comments may link to it.

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_engine_imports_the_catalog() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let engines: Vec<_> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("games")))
        .collect();
    assert!(engines.len() > 20, "{} engine files", engines.len());
    for file in engines {
        let text = fs::read_to_string(file).expect("readable source");
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            assert!(
                !code.contains("crate::games") && !code.contains("super::games"),
                "{}:{}: an engine uses the catalog: {line}",
                file.display(),
                i + 1
            );
        }
    }
}
