//! `mex play` through a pipe (scripted moves on stdin) and on a terminal
//! (a pseudo-terminal from util-linux's `script`, when it is installed);
//! `mex serve` answering what `mex value/moves --json` print.

use crate::common;

use common::{wait_bounded, HANG_GUARD};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

fn play(args: &[&str], input: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    (text, out.status.code().unwrap())
}

#[test]
fn the_computer_wins_a_piped_nim_game_from_a_bad_move() {
    let (out, code) = play(&["nim", "1,2"], "1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("you play: take 1 from heap 1 -> 0,2"), "{out}");
    assert!(
        out.contains("computer plays: take 2 from heap 2 -> 0,0"),
        "{out}"
    );
    assert!(out.contains("you cannot move: the computer wins"), "{out}");
}

#[test]
fn the_person_wins_a_piped_nim_game_by_labels_and_numbers() {
    // 1,2 -> 1,1 (P) by label; the computer takes one; the person the last.
    let (out, code) = play(&["nim", "1,2"], "nonsense\ntake 1 from heap 2\n1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("'nonsense' is not a move here"), "{out}");
    assert!(out.contains("the computer cannot move: you win"), "{out}");
}

#[test]
fn the_end_of_input_leaves_the_game_unfinished() {
    let (out, code) = play(&["nim", "3,4,5"], "hint\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("[winning]"), "{out}");
    assert!(out.contains("end of input"), "{out}");
}

#[test]
fn a_partizan_game_is_played_by_sides() {
    // Domineering 2x2 as Right, the computer (Left) first: Left wins.
    let (out, code) = play(
        &["domineering", "2x2", "--side", "Right", "--computer-first"],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Right cannot move: the computer wins"),
        "{out}"
    );
}

/// A Domineering board beyond the bound on positions that once refused it
/// (2x17: 277 376 074 sets of disjoint dominoes) is played.
#[test]
fn a_big_domineering_board_is_played() {
    let (out, code) = play(&["domineering", "2x17", "--side", "Left"], "1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("you play: a1-a2"), "{out}");
    assert!(out.contains("computer plays: "), "{out}");
}

#[test]
fn a_bad_position_or_side_is_refused_before_the_game() {
    let (out, code) = play(&["nim", "3,x"], "");
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let (out, code) = play(&["shift-game", "0000", "--side", "Left"], "");
    assert_eq!(code, 2, "{out}");
}

#[test]
fn the_computer_as_alice_brings_zero_back_within_2_to_the_n_turns() {
    // The person is Bob and always plays the first move; the computer's
    // Alice hurries: 0^3 comes back within 2^3 turns.
    let (out, code) = play(&["shift-game", "000", "--side", "Bob"], &"1\n".repeat(20));
    assert_eq!(code, 0, "{out}");
    let turns: u32 = out
        .split("Alice has won after ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!((1..=8).contains(&turns), "{out}");
}

/// Kills the child when the test ends, also when it fails.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Appends what `rx` delivers to `text` until `done(text)` holds (true) or
/// the sender is gone, at the end of the output (false); fails past
/// `deadline`.
fn collect(
    rx: &mpsc::Receiver<Vec<u8>>,
    text: &mut Vec<u8>,
    deadline: Instant,
    done: impl Fn(&[u8]) -> bool,
) -> bool {
    while !done(text) {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(chunk) => text.extend(chunk),
            Err(RecvTimeoutError::Disconnected) => return false,
            Err(e) => panic!("{e:?} after {:?}", String::from_utf8_lossy(text)),
        }
    }
    true
}

#[test]
fn play_works_on_a_terminal() {
    // `script` gives the command a pseudo-terminal; skipped without it.
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no script(1): the terminal test is skipped");
        return;
    }
    // script runs the command with $SHELL -c: a known shell, and the path
    // quoted (a checkout may have spaces in its path).
    let bin = env!("CARGO_BIN_EXE_mex").replace('\'', r"'\''");
    let cmd = format!("'{bin}' play nim 1,2");
    let mut child = KillOnDrop(
        Command::new("script")
            .args(["-qefc", &cmd, "/dev/null"])
            .env("SHELL", "/bin/sh")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stdin = child.0.stdin.take().unwrap();
    let mut stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            if tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    // The move is typed once the prompt is shown, as a person would: the
    // terminal echoes it right after the prompt. (Typed earlier, the echo
    // would come before the prompt and the check below would prove nothing.)
    let deadline = Instant::now() + HANG_GUARD;
    let mut text = Vec::new();
    let prompt = b"your move (you): ";
    let shown = collect(&rx, &mut text, deadline, |t| {
        t.windows(prompt.len()).any(|w| w == prompt)
    });
    assert!(shown, "no prompt: {:?}", String::from_utf8_lossy(&text));
    stdin.write_all(b"1\n").unwrap();
    drop(stdin);
    collect(&rx, &mut text, deadline, |_| false);
    let status = wait_bounded(&mut child.0, HANG_GUARD);
    let text = String::from_utf8_lossy(&text);
    assert!(status.is_some_and(|s| s.success()), "{status:?}: {text}");
    assert!(text.contains("the computer wins"), "{text}");
    // On a terminal the typed line is echoed by the terminal, not by mex.
    assert!(text.contains("your move (you): 1\r\n"), "{text}");
    assert!(!text.contains("your move (you): 1\r\n1\r\n"), "{text}");
}

#[test]
fn serve_answers_what_the_cli_prints() {
    // A free port chosen by the server, which prints its address.
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_mex"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("mex playground: open http://")
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    for (kind, game, position) in [
        ("value", "nim", "3,4,5"),
        ("moves", "domineering", "2x3"),
        ("moves", "shift-game", "0000"),
        ("moves", "ssc", "BBW%20WB"),
    ] {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(HANG_GUARD)).unwrap();
        write!(
            s,
            "GET /api/{kind}?game={game}&position={position} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        s.read_to_string(&mut raw).unwrap();
        let body = raw.split_once("\r\n\r\n").unwrap().1;
        let mut api: Value = serde_json::from_str(body).unwrap();
        // The server adds the board's SVG, for the page.
        let board = api.as_object_mut().unwrap().remove("board");
        assert!(board.is_some_and(|b| b.is_string()), "{kind} {game}");
        let cli = Command::new(env!("CARGO_BIN_EXE_mex"))
            .args([kind, game, &position.replace("%20", " "), "--json"])
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
        // Every field of the server's report is the CLI's; the CLI adds
        // what costs a search or names its files (a partizan value's stops
        // and thermograph, the search's counts, the ASCII drawing).
        let (api, cli) = (api.as_object().unwrap(), cli.as_object().unwrap());
        for (key, value) in api {
            assert_eq!(Some(value), cli.get(key), "{kind} {game} {position}: {key}");
        }
        let cli_only = [
            "left_stop",
            "right_stop",
            "mean",
            "temperature",
            "thermograph",
            "search",
            "drawing",
            "picture",
        ];
        for key in cli.keys().filter(|k| !api.contains_key(*k)) {
            assert!(cli_only.contains(&key.as_str()), "{kind} {game}: {key}");
        }
    }
}

/// `mex play --proof`: the computer plays the proof's winner on a board
/// whose value the value route would take long to find, and wins against
/// the person's lines (the first move listed each time, once after a
/// refused number).
#[test]
fn the_computer_wins_through_a_proof() {
    let dir = common::scratch_dir("play-proof");
    let file = dir.join("7x7.proof");
    let path = file.to_str().unwrap();
    let wrote = common::mex(&[
        "value",
        "domineering",
        "7x7",
        "--first",
        "left",
        "--proof",
        path,
    ]);
    assert!(wrote.status.success());
    for choice in ["1", "99"] {
        // A number out of range is refused and asked again; "1" always plays.
        let input = format!("{choice}\n1\n").repeat(40);
        let (out, code) = play(&["domineering", "7x7", "--proof", path], &input);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("Left wins moving first"), "{out}");
        assert!(
            out.ends_with("Right cannot move: the computer wins\n"),
            "{out}"
        );
    }
    let (out, code) = play(
        &["domineering", "7x7", "--proof", path, "--side", "Left"],
        "",
    );
    assert_eq!(code, 2, "{out}");
    let (out, code) = play(&["domineering", "6x6", "--proof", path], "");
    assert_eq!(code, 2, "{out}");
}
