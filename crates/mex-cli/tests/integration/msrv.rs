//! The declared minimum supported Rust version (MSRV) is true of the
//! dependencies: every crate of the workspace inherits the workspace's
//! `rust-version`, and no package in Cargo.lock declares a higher one (or,
//! declaring none, uses an edition that needs a newer Rust).
//!
//! Why 1.88: proptest 1.12 declares 1.88; libsais 0.2 uses let chains
//! (stable in 1.88) without declaring a `rust-version`; the code uses
//! `is_multiple_of` (1.87) and `Option::is_none_or` (1.82).
//!
//! (That the code itself uses nothing newer is checked by clippy's
//! `incompatible_msrv` lint, which reads the same `rust-version`; CI runs
//! clippy with `-D warnings`.)

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `rust-version` of `[workspace.package]` in the root Cargo.toml.
fn declared_rust_version() -> String {
    let manifest = std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap();
    let mut in_section = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_section = line == "[workspace.package]";
        } else if let Some(value) = line.strip_prefix("rust-version") {
            if in_section {
                let value = value.trim_start().strip_prefix('=').unwrap().trim();
                return value.trim_matches('"').to_string();
            }
        }
    }
    panic!("no rust-version in [workspace.package] of the root Cargo.toml");
}

/// `cargo metadata` of the workspace: every package of Cargo.lock, for
/// every platform.
fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A Rust version as comparable numbers: "1.85" is 1.85.0.
fn version_key(version: &str) -> Vec<u64> {
    let mut parts: Vec<u64> = version.split('.').map(|p| p.parse().unwrap()).collect();
    parts.resize(3, 0);
    parts
}

#[test]
fn version_keys_compare_numerically() {
    assert!(version_key("1.9") < version_key("1.10"));
    assert_eq!(version_key("1.85"), version_key("1.85.0"));
    assert!(version_key("1.88") < version_key("1.88.1"));
}

#[test]
fn every_crate_inherits_the_workspace_rust_version() {
    let declared = declared_rust_version();
    let metadata = metadata();
    let members: Vec<&Value> = metadata["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let mut checked = 0;
    for package in metadata["packages"].as_array().unwrap() {
        if !members.contains(&&package["id"]) {
            continue;
        }
        let name = package["name"].as_str().unwrap();
        assert_eq!(
            package["rust_version"].as_str(),
            Some(declared.as_str()),
            "{name} must declare `rust-version.workspace = true`"
        );
        let manifest = std::fs::read_to_string(package["manifest_path"].as_str().unwrap()).unwrap();
        let compact: String = manifest.split_whitespace().collect();
        assert!(
            compact.contains("rust-version.workspace=true")
                || compact.contains("rust-version={workspace=true}"),
            "{name} must inherit rust-version from the workspace"
        );
        checked += 1;
    }
    assert_eq!(checked, members.len());
}

/// The first Rust release that accepts an edition: a lower bound on what a
/// package needs when it declares no `rust-version`.
fn first_rust_of_edition(edition: &str) -> &'static str {
    match edition {
        "2015" => "1.0",
        "2018" => "1.31",
        "2021" => "1.56",
        "2024" => "1.85",
        other => panic!("unknown edition {other}: add it here"),
    }
}

/// What a package says it needs: its `rust-version`, else its edition's
/// first release. (Some need more than they say: libsais 0.2 declares
/// none, but its let chains need Rust 1.88.)
fn stated_rust_version(package: &Value) -> &str {
    match package["rust_version"].as_str() {
        Some(version) => version,
        None => first_rust_of_edition(package["edition"].as_str().unwrap()),
    }
}

#[test]
fn no_dependency_needs_a_newer_rust_than_declared() {
    let declared = declared_rust_version();
    let metadata = metadata();
    let too_new: Vec<String> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|package| {
            let needs = stated_rust_version(package);
            (version_key(needs) > version_key(&declared)).then(|| {
                format!(
                    "{} {} needs Rust {needs}",
                    package["name"].as_str().unwrap(),
                    package["version"].as_str().unwrap()
                )
            })
        })
        .collect();
    assert!(
        too_new.is_empty(),
        "rust-version {declared} is below what dependencies need: {}",
        too_new.join(", ")
    );
}

#[test]
fn a_package_without_rust_version_needs_at_least_its_edition() {
    let silent = serde_json::json!({"rust_version": null, "edition": "2024"});
    assert_eq!(stated_rust_version(&silent), "1.85");
    let declared = serde_json::json!({"rust_version": "1.70", "edition": "2021"});
    assert_eq!(stated_rust_version(&declared), "1.70");
}
