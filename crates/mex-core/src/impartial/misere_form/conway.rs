//! The notation CGSuite prints misère forms in: Conway's subscripts (ONAG
//! ch. 12) as CGSuite writes them in plain text (aaron-siegel/cgsuite,
//! `MisereCanonicalGameOps.appendMidToOutput`; read to learn the rules, no
//! code taken).
//!
//! **Items.** An item is a *base* followed by *subscripts*. A base is a
//! nim-heap, one digit `0`–`9` or `&n;` for `n ≥ 10`, or a parenthesized
//! run of items `(…)`, the game with those items as options (a run of one
//! item is that item). Subscripts apply left to right: `#` makes the game
//! whose only option is the game so far, `n` adds the heap `*n`, `-n`
//! subtracts it (the game so far must have `*n` as a part). Subscripts
//! that are all `#` follow the base directly (`2##`); any other run is
//! bracketed (`2[#-2]`, `(2#1)[1]`). A form is `*[…]` around a run of
//! items: one item is itself, several are the options (`*[42]` is the game
//! with options `*4` and `*2`; the heap `*42` is `*[&42;]`).
//!
//! **How CGSuite chooses what to print.** For a game `G` of birthday `b`:
//! a nim-heap prints as its size. Otherwise, for heaps `*i` with `i` of
//! the parity of `G` (`i = 2, 4, …` if `G` is even, `3, 5, …` if odd),
//! `i < b`, in increasing order: if `G − *i` exists and is born before
//! `G`, `G` is `(G − *i)` with subscript `i`; else if `G + *i` is born
//! before `G`, `G` is `(G + *i)` with subscript `-i`. Failing both, an odd
//! `G` is `(G + *)` with subscript `1`. Failing that, a game with one
//! option is that option with `#`, and a game with several options is the
//! run of its options from last to first in [CGSuite's order of
//! options](MisereStore::cgsuite_order).

use super::{FormId, MisereStore, Parser};
use crate::MexError;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// Which notation forms are printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// CGSuite's printed notation, Conway's subscripts: `*[2#0]`.
    #[default]
    Conway,
    /// CGSuite's input notation, nested lists: `*[[2],0]`.
    List,
}

/// A subscript of an item (applied left to right to the game so far).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscript {
    /// `#`: the game whose only option is the game so far.
    Sharp,
    /// `n`: the game so far plus the heap `*n`.
    Plus(u32),
    /// `-n`: the game so far minus the heap `*n`.
    Minus(u32),
}

/// The base of an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base {
    /// The nim-heap `*n`.
    Heap(u32),
    /// The game whose options are these items (one item: that item).
    Options(Vec<Item>),
}

/// One item of the notation: a base and its subscripts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The base.
    pub base: Base,
    /// The subscripts, first applied first.
    pub subscripts: Vec<Subscript>,
}

impl Item {
    /// How deeply the game nests: one level a `#` and a group of several
    /// options.
    pub fn height(&self) -> usize {
        let base = match &self.base {
            Base::Heap(_) => 0,
            Base::Options(items) => {
                let inner = items.iter().map(Item::height).max().unwrap_or(0);
                inner + usize::from(items.len() > 1)
            }
        };
        let sharps = self.subscripts.iter().filter(|s| **s == Subscript::Sharp);
        base + sharps.count()
    }

    /// The text of the whole form: `*[…]`.
    pub fn form_text(&self) -> String {
        let mut out = String::from("*[");
        self.write(&mut out, true);
        out.push(']');
        out
    }

    /// Appends the item; the options of a multi-option base are
    /// parenthesized unless `bare` (the outermost game, no subscripts).
    fn write(&self, out: &mut String, bare: bool) {
        match &self.base {
            Base::Heap(n) => write_heap(out, *n),
            Base::Options(items) => {
                let parens = !(bare && self.subscripts.is_empty());
                if parens {
                    out.push('(');
                }
                for item in items {
                    item.write(out, false);
                }
                if parens {
                    out.push(')');
                }
            }
        }
        let only_sharps = self.subscripts.iter().all(|s| *s == Subscript::Sharp);
        if !only_sharps {
            out.push('[');
        }
        for s in &self.subscripts {
            match s {
                Subscript::Sharp => out.push('#'),
                Subscript::Plus(n) => write_heap(out, *n),
                Subscript::Minus(n) => {
                    out.push('-');
                    write_heap(out, *n);
                }
            }
        }
        if !only_sharps {
            out.push(']');
        }
    }
}

/// A heap size as CGSuite prints it: one digit, or `&n;` from 10 on.
fn write_heap(out: &mut String, n: u32) {
    if n < 10 {
        let _ = write!(out, "{n}");
    } else {
        let _ = write!(out, "&{n};");
    }
}

/// The games CGSuite creates first, in its order (its "early games", all
/// born by day 5), each the even one of itself and itself `+ *`, written in
/// list notation. CGSuite compares two games by this order when either is
/// among them (the others come after).
const EARLY_GAMES: [&str; 36] = [
    "0",
    "*2",
    "*[[2]]",
    "*[[3]]",
    "*[[[2]]]",
    "*[2,3]",
    "*[2,[2]]",
    "*[0,[2]]",
    "*[1,[2]]",
    "*[2,3,[2]]",
    "*[0,3,[2]]",
    "*[0,2,[2]]",
    "*[1,3,[2]]",
    "*[1,2,[2]]",
    "*[0,2,3,[2]]",
    "*[0,1,2,[2]]",
    "*[1,2,3,[2]]",
    "*4",
    "*[0,1,2,3,[2]]",
    "*[[*[[2]]+*]]",
    "*[[[[2]]]]",
    "*[[[2,[2]]]]",
    "*[[[0,[2]]]]",
    "*[[[1,[2]]]]",
    "*[[[2,3,[2]]]]",
    "*[[[0,3,[2]]]]",
    "*[[[0,2,[2]]]]",
    "*[[[1,3,[2]]]]",
    "*[[[1,2,[2]]]]",
    "*[[[0,2,3,[2]]]]",
    "*[[[0,1,2,[2]]]]",
    "*[[[1,2,3,[2]]]]",
    "*[[4]]",
    "*[[[0,1,2,3,[2]]]]",
    "*[[[3]]]",
    "*[[[2,3]]]",
];

impl MisereStore {
    /// The form as CGSuite prints it (module documentation), e.g. `*[2#0]`.
    pub fn conway(&mut self, g: FormId) -> Result<String, MexError> {
        Ok(self.conway_item(g)?.form_text())
    }

    /// The form printed in `notation`.
    pub fn display_in(&mut self, g: FormId, notation: Notation) -> Result<String, MexError> {
        match notation {
            Notation::Conway => self.conway(g),
            Notation::List => Ok(self.display(g)),
        }
    }

    /// The item CGSuite prints for `g` (module documentation).
    pub fn conway_item(&mut self, g: FormId) -> Result<Item, MexError> {
        if let Some(item) = self.conway_items.get(&g) {
            return Ok(item.clone());
        }
        let mut subscripts = Vec::new();
        let mut at = g;
        let base = loop {
            if self.is_nim_heap(at) {
                break Base::Heap(self.birthday(at));
            }
            if let Some((inner, subscript)) = self.part_step(at)? {
                subscripts.push(subscript);
                at = inner;
                continue;
            }
            let options = self.options_in_cgsuite_order(at)?;
            if let [only] = options.as_slice() {
                subscripts.push(Subscript::Sharp);
                at = *only;
                continue;
            }
            let mut items = Vec::new();
            for &o in options.iter().rev() {
                items.push(self.conway_item(o)?);
            }
            break Base::Options(items);
        };
        subscripts.reverse();
        let item = Item { base, subscripts };
        self.charge(64 + 16 * item.subscripts.len())?;
        self.conway_items.insert(g, item.clone());
        Ok(item)
    }

    /// The first rule of CGSuite's choice that writes `g` as a heap part
    /// added to or taken from an earlier-born game: `(game, subscript)`.
    fn part_step(&mut self, g: FormId) -> Result<Option<(FormId, Subscript)>, MexError> {
        let birthday = self.birthday(g);
        let even = self.is_even(g)?;
        let mut i = if even { 2 } else { 3 };
        while i < birthday {
            let heap = self.nim_heap(i)?;
            if let Some(d) = self.difference(g, heap)? {
                if self.birthday(d) < birthday {
                    return Ok(Some((d, Subscript::Plus(i))));
                }
            }
            let s = self.add(g, heap)?;
            if self.birthday(s) < birthday {
                return Ok(Some((s, Subscript::Minus(i))));
            }
            i += 2;
        }
        if even {
            return Ok(None);
        }
        let even_part = self.add(g, FormId::STAR)?;
        Ok(Some((even_part, Subscript::Plus(1))))
    }

    /// The options of `g` sorted in [`Self::cgsuite_order`].
    pub fn options_in_cgsuite_order(&mut self, g: FormId) -> Result<Vec<FormId>, MexError> {
        let options = self.options(g).to_vec();
        self.sort_cgsuite(options)
    }

    /// `forms` sorted in [`Self::cgsuite_order`].
    pub fn sort_cgsuite(&mut self, mut forms: Vec<FormId>) -> Result<Vec<FormId>, MexError> {
        // Insertion sort: the order is fallible (it may compute sums).
        for i in 1..forms.len() {
            let mut j = i;
            while j > 0 && self.cgsuite_order(forms[j - 1], forms[j])? == Ordering::Greater {
                forms.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(forms)
    }

    /// CGSuite's order of options (its `MidComparator`): a game and itself
    /// `+ *` by evenness, the even one first; otherwise by their even parts
    /// `E`: [`EARLY_GAMES`] first, in that order; then by the birthday of
    /// `E`, its number of options, its normal and misère nim values, and
    /// its options compared one by one in this order.
    pub fn cgsuite_order(&mut self, a: FormId, b: FormId) -> Result<Ordering, MexError> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        let (ea, eb) = (self.even_part(a)?, self.even_part(b)?);
        if ea == eb {
            return Ok(if ea == a {
                Ordering::Less
            } else {
                Ordering::Greater
            });
        }
        match (self.early_index(ea)?, self.early_index(eb)?) {
            (Some(i), Some(j)) => return Ok(i.cmp(&j)),
            (Some(_), None) => return Ok(Ordering::Less),
            (None, Some(_)) => return Ok(Ordering::Greater),
            (None, None) => {}
        }
        let key = |s: &Self, e: FormId| {
            (
                s.birthday(e),
                s.options(e).len(),
                s.nim_value(e),
                s.misere_nim_value(e),
            )
        };
        let by_key = key(self, ea).cmp(&key(self, eb));
        if by_key != Ordering::Equal {
            return Ok(by_key);
        }
        let oa = self.options_in_cgsuite_order(ea)?;
        let ob = self.options_in_cgsuite_order(eb)?;
        for (x, y) in oa.into_iter().zip(ob) {
            let order = self.cgsuite_order(x, y)?;
            if order != Ordering::Equal {
                return Ok(order);
            }
        }
        Ok(Ordering::Equal)
    }

    /// The place of an even form among [`EARLY_GAMES`].
    fn early_index(&mut self, even: FormId) -> Result<Option<usize>, MexError> {
        if self.early.is_empty() {
            let mut early = Vec::with_capacity(EARLY_GAMES.len());
            for text in EARLY_GAMES {
                early.push(self.parse(text)?);
            }
            self.early = early;
        }
        Ok(self.early.iter().position(|&e| e == even))
    }

    /// The game an item stands for.
    pub fn evaluate(&mut self, item: &Item) -> Result<FormId, MexError> {
        let mut g = match &item.base {
            Base::Heap(n) => self.nim_heap(*n)?,
            Base::Options(items) => {
                let mut options = Vec::with_capacity(items.len());
                for i in items {
                    options.push(self.evaluate(i)?);
                }
                match options.as_slice() {
                    [single] => *single,
                    _ => self.from_options(options)?,
                }
            }
        };
        for s in &item.subscripts {
            g = match *s {
                Subscript::Sharp => self.from_options(vec![g])?,
                Subscript::Plus(n) => {
                    let heap = self.nim_heap(n)?;
                    self.add(g, heap)?
                }
                Subscript::Minus(n) => self.minus_heap(g, n)?,
            };
        }
        Ok(g)
    }

    fn minus_heap(&mut self, g: FormId, n: u32) -> Result<FormId, MexError> {
        let heap = self.nim_heap(n)?;
        self.difference(g, heap)?.ok_or_else(|| {
            MexError::invalid(
                format!(
                    "the subscript -{n} asks for {} − *{n}, but *{n} is not a part of it",
                    self.display(g)
                ),
                "a subtraction -n of a heap that is a part of the game so far",
            )
        })
    }
}

impl Parser<'_> {
    /// Whether the bracket at the cursor holds Conway's notation: no comma
    /// between it and its closing bracket at its own level, and a first
    /// character that starts an item (a digit, `&` or `(`).
    pub(super) fn bracket_is_conway(&self) -> bool {
        let rest = &self.text[self.at + 1..];
        let Some(&first) = rest.iter().find(|b| !b.is_ascii_whitespace()) else {
            return false;
        };
        if !(first.is_ascii_digit() || first == b'&' || first == b'(') {
            return false;
        }
        let mut depth = 0usize;
        for &b in rest {
            match b {
                b'[' | b'(' => depth += 1,
                b']' | b')' if depth == 0 => return true,
                b']' | b')' => depth -= 1,
                b',' if depth == 0 => return false,
                _ => {}
            }
        }
        true
    }

    /// `[items]` in Conway's notation, the cursor on `[`.
    pub(super) fn conway_form(&mut self, depth: usize) -> Result<Item, MexError> {
        self.expect(b'[')?;
        let items = self.conway_run(depth + 1)?;
        self.expect(b']')?;
        let item = Item {
            base: Base::Options(items),
            subscripts: Vec::new(),
        };
        // Each `#` nests the game one level deeper, as a bracket does.
        self.depth_ok(depth + item.height())?;
        Ok(item)
    }

    /// One or more items, up to a closing `]` or `)`.
    fn conway_run(&mut self, depth: usize) -> Result<Vec<Item>, MexError> {
        let mut items = vec![self.conway_item(depth)?];
        while !matches!(self.peek(), Some(b']' | b')') | None) {
            items.push(self.conway_item(depth)?);
        }
        Ok(items)
    }

    fn conway_item(&mut self, depth: usize) -> Result<Item, MexError> {
        self.depth_ok(depth)?;
        let base = if self.peek() == Some(b'(') {
            self.at += 1;
            let items = self.conway_run(depth + 1)?;
            self.expect(b')')?;
            Base::Options(items)
        } else {
            Base::Heap(self.conway_heap()?)
        };
        let mut subscripts = Vec::new();
        while self.peek() == Some(b'#') {
            self.at += 1;
            subscripts.push(Subscript::Sharp);
        }
        if self.peek() == Some(b'[') {
            self.at += 1;
            let before = subscripts.len();
            loop {
                match self.peek() {
                    Some(b']') if subscripts.len() > before => break,
                    Some(b'#') => {
                        self.at += 1;
                        subscripts.push(Subscript::Sharp);
                    }
                    Some(b'-') => {
                        self.at += 1;
                        subscripts.push(Subscript::Minus(self.conway_heap()?));
                    }
                    _ => subscripts.push(Subscript::Plus(self.conway_heap()?)),
                }
            }
            self.at += 1;
        }
        Ok(Item { base, subscripts })
    }

    /// A heap size: one digit, or `&n;`.
    fn conway_heap(&mut self) -> Result<u32, MexError> {
        match self.peek() {
            Some(d) if d.is_ascii_digit() => {
                self.at += 1;
                Ok(u32::from(d - b'0'))
            }
            Some(b'&') => {
                self.at += 1;
                let Some(n) = self.number()? else {
                    return Err(self.error("expected a heap size after '&'"));
                };
                self.expect(b';')?;
                Ok(n)
            }
            _ => Err(self.error("expected a heap size (a digit or &n;), '(', '#', or a subscript")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forms of CGSuite's own test case (MisereCanonicalGameTestCase) in
    /// list notation and as CGSuite prints them.
    const PRINTED: [(&str, &str); 14] = [
        ("*[0]", "*[0]"),
        ("*[1]", "*[1]"),
        ("*[2]", "*[2]"),
        ("*[[2]]", "*[2#]"),
        ("*[[[2]]]", "*[2##]"),
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[[*[2]+*[[2]]]]", "*[2[#2#]]"),
        ("*[[2],0]", "*[2#0]"),
        ("*[[2],1]", "*[2#1]"),
        ("*[[*[4]+*[2]]]", "*[4[2#]]"),
        ("*[[[2]],[[2],1]]", "*[(2#1)2##]"),
        ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"),
        (
            "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
            "*[((2#0)2[#1]2#)(2#1)[1]]",
        ),
        ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"),
    ];

    #[test]
    fn cgsuite_prints_these_forms_and_they_read_back() {
        let mut s = MisereStore::default();
        for (list, printed) in PRINTED {
            let g = s.parse(list).unwrap();
            assert_eq!(s.conway(g).unwrap(), printed, "{list}");
            assert_eq!(s.parse(printed).unwrap(), g, "{printed}");
        }
    }

    #[test]
    fn subscripts_parts_and_big_heaps() {
        let mut s = MisereStore::default();
        let parse = |s: &mut MisereStore, t: &str| s.parse(t).unwrap();
        // `#-2`: {*2} − *2, the X with X + *2 = {*2}.
        let x = parse(&mut s, "*[2[#-2]]");
        let sharp = parse(&mut s, "*[[2]]");
        let heap2 = parse(&mut s, "*2");
        assert_eq!(s.add(x, heap2).unwrap(), sharp);
        // A run of digits is a run of options; heaps from 10 on are `&n;`.
        let options_4_2 = parse(&mut s, "*[4,2]");
        assert_eq!(parse(&mut s, "*[42]"), options_4_2);
        let heap12 = parse(&mut s, "*12");
        assert_eq!(parse(&mut s, "*[&12;]"), heap12);
        assert_eq!(s.conway(heap12).unwrap(), "*[&12;]");
        assert_eq!(s.conway(FormId::ZERO).unwrap(), "*[0]");
        // Sums of forms in either notation, and forms inside lists.
        let sum = parse(&mut s, "*[2#]+*2");
        assert_eq!(sum, parse(&mut s, "*[2[#2]]"));
        assert_eq!(s.conway(sum).unwrap(), "*[2[#2]]");
        assert_eq!(parse(&mut s, "*[*[2#],0]"), parse(&mut s, "*[2#0]"));
        // A parenthesized single item is that item.
        assert_eq!(parse(&mut s, "*[(2)#]"), sharp);
    }

    #[test]
    fn bad_conway_input_is_refused_in_one_line() {
        let mut s = MisereStore::default();
        let deep = format!("*[2{}]", "#".repeat(100));
        // Sharps at every level of groups add up.
        let mut nested = "2".to_string();
        for _ in 0..20 {
            nested = format!("({nested}{}0)", "#".repeat(10));
        }
        let nested = format!("*[{nested}]");
        for bad in [
            "*[2#",
            "*[2[]]",
            "*[2[#",
            "*[&;]",
            "*[&9999;]",
            "*[2[-4]]",
            "*[(2]",
            "*[2)]",
            "*[2 x]",
            "*[2[x]]",
            "*[()]",
            "*[2#[]]",
            &deep,
            &nested,
        ] {
            let e = s.parse(bad).expect_err(bad);
            assert!(!e.to_string().contains('\n'), "{bad}: {e}");
        }
    }

    /// CGSuite's early games are distinct canonical even forms with exactly
    /// the options written (no simplification happened).
    #[test]
    fn early_games_are_even_canonical_and_distinct() {
        let mut s = MisereStore::default();
        let mut seen = std::collections::BTreeSet::new();
        for text in EARLY_GAMES {
            let g = s.parse(text).unwrap();
            assert!(s.is_even(g).unwrap(), "{text}");
            assert!(s.birthday(g) <= 5, "{text}");
            assert!(seen.insert(g), "{text} twice");
        }
        // Entries 5 to 18 list their options (but the heap *4); the rest
        // from 19 on have one option each.
        for (i, text) in EARLY_GAMES.iter().enumerate() {
            let g = s.parse(text).unwrap();
            let written = match i {
                5..=16 | 18 => text.matches(',').count() + 1,
                19.. => 1,
                _ => continue,
            };
            assert_eq!(s.options(g).len(), written, "{text}");
        }
    }

    /// Every form made from two rounds of options over the forms of
    /// birthday ≤ 3, and sums of those, prints in CGSuite's notation and
    /// reads back as itself; its items give the same game when evaluated.
    #[test]
    fn printed_forms_read_back() {
        let mut s = MisereStore::default();
        let mut day: Vec<FormId> = vec![FormId::ZERO];
        for _ in 0..3 {
            let mut next = Vec::new();
            for mask in 0u32..(1 << day.len()) {
                let opts = (0..day.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| day[i])
                    .collect();
                next.push(s.from_options(opts).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            day = next;
        }
        let mut forms = day.clone();
        for (i, &a) in day.iter().enumerate() {
            for &b in &day[i..] {
                forms.push(s.from_options(vec![a, b]).unwrap());
                forms.push(s.add(a, b).unwrap());
            }
        }
        for g in forms {
            let text = s.conway(g).unwrap();
            assert_eq!(s.parse(&text).unwrap(), g, "{text}");
            let item = s.conway_item(g).unwrap();
            assert_eq!(s.evaluate(&item).unwrap(), g, "{text}");
            let list = s.display(g);
            assert_eq!(s.parse(&list).unwrap(), g, "{list}");
        }
    }
}
