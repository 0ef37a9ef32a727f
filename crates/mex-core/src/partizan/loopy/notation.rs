//! CGSuite's notation for loopy games (to come).
