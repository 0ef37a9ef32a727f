#!/usr/bin/env bash
# Domineering who-wins against Obsequi (Bullock's solver, built outside this
# repository: github.com/orangepips/obsequi, `make Obsequi` once the
# protobuf-only score_board_get_metrics is left out of score-board.cc/.h).
# For each board, both first players: `mex value domineering RxC --first
# left` (which settles both and prints the outcome class) against Obsequi
# solving "V" then "H" with a table of 2^20 entries (its fastest setting on
# 8x8 of 16, 18, 20, 22 and 24 bits). One core each (--pin 0), paired runs.
#
#   OBSEQUI=/path/to/Obsequi bash bench/domineering.sh [BOARD ...]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OBSEQUI:?set OBSEQUI to an Obsequi binary}"
cargo build --release -q -p mex-cli
boards=("$@")
[[ ${#boards[@]} -gt 0 ]] || boards=(6x8 7x7 8x8 5x10 7x8)
for board in "${boards[@]}"; do
  rows=${board%x*} cols=${board#*x}
  obsequi="echo 'solve rows $rows cols $cols bits 20 V' | $OBSEQUI; echo 'solve rows $rows cols $cols bits 20 H' | $OBSEQUI"
  echo "== $board"
  farm-bench -n 5 --pin 0 --timeout 900 --vs "sh -c \"$obsequi\"" -- \
    target/release/mex value domineering "$board" --first left
done
