//! Who wins Domineering rectangles by the bitboard search, with what the
//! search did: `cargo run --release -p mex-bench --example domineering_search
//! -- 7x8 left [MEMORY_MIB] [no-safe-moves] [no-ordering]`. An empty
//! rectangle `RxC` may have up to 125 cells (beyond a grid's 64).

use mex_core::partizan::domineering::Grid;
use mex_core::partizan::domineering_search::{DomineeringSearch, Switches};
use mex_core::partizan::minimax::Player;
use std::time::Instant;

fn main() -> Result<(), mex_core::MexError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bounds") {
        return print_bounds();
    }
    let board = args.first().map_or("6x6", String::as_str);
    let first = match args.get(1).map(String::as_str) {
        Some("right") => Player::Right,
        _ => Player::Left,
    };
    let mib: usize = args.get(2).and_then(|m| m.parse().ok()).unwrap_or(512);
    let empty_shape = board
        .split_once('x')
        .and_then(|(h, w)| Some((h.parse::<u32>().ok()?, w.parse::<u32>().ok()?)));
    let switches = Switches {
        safe_moves: !args.iter().any(|a| a == "no-safe-moves"),
        ordering: !args.iter().any(|a| a == "no-ordering"),
        ..Switches::default()
    };
    let mut search = DomineeringSearch::with_switches(mib << 20, switches)?;
    let start = Instant::now();
    let wins = match empty_shape {
        // An empty rectangle, which may be beyond what a grid holds.
        Some((h, w)) => search.first_player_wins_on_empty(h, w, first)?,
        None => search.first_player_wins(&Grid::parse(board)?, first)?,
    };
    println!(
        "{board} {first:?} first: {} ({:.2} s, {:?})",
        if wins {
            "first player wins"
        } else {
            "second player wins"
        },
        start.elapsed().as_secs_f64(),
        search.stats
    );
    Ok(())
}

/// Reads lines `R C H|V CELLS` (cells row by row, `#` taken) and prints 1,
/// -1 or 0: the mover (H Right, V Left) wins, loses, or the bounds do not
/// decide.
fn print_bounds() -> Result<(), mex_core::MexError> {
    for line in std::io::stdin().lines() {
        let line = line.map_err(|e| mex_core::MexError::io("stdin", e))?;
        let f: Vec<&str> = line.split_whitespace().collect();
        let (r, c): (usize, usize) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        let rows: Vec<&str> = (0..r).map(|i| &f[3][i * c..(i + 1) * c]).collect();
        let grid = Grid::parse(&rows.join("/"))?;
        let mover = if f[2] == "H" {
            Player::Right
        } else {
            Player::Left
        };
        let d = mex_core::partizan::domineering_search::decided_by_bounds(&grid, mover)?;
        println!("{}", d.map_or(0, |w| if w { 1 } else { -1 }));
    }
    Ok(())
}
