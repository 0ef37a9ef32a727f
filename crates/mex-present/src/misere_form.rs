//! The report of a misère canonical form (`mex misere`, Python's
//! `MisereForm`): the form in CGSuite's list notation and every property
//! of [`mex_core::impartial::misere_form`] (Conway 1976, ONAG ch. 12;
//! Siegel 2013, ch. V).

use mex_core::impartial::misere_form::{FormReport, MisereStore};
use mex_core::impartial::Outcome;
use mex_core::MexError;
use serde::Serialize;

/// A misère canonical form and its properties.
#[derive(Debug, Clone, Serialize)]
pub struct MisereFormReport {
    /// The input as typed.
    pub input: String,
    /// The simplest form, in list notation (reads back).
    pub canonical: String,
    /// Birthday of the simplest form.
    pub birthday: u32,
    /// Genus `g^{γ0γ1…}`.
    pub genus: String,
    /// The mate, in list notation.
    pub mate: String,
    /// Misère outcome, "P" or "N".
    pub misere_outcome: Outcome,
    /// Normal-play nim value.
    pub nim_value: u32,
    /// Misère nim value (`γ0`).
    pub misere_nim_value: u32,
    /// Every option tame and a tame genus (hereditarily tame).
    pub tame: bool,
    /// Every option tame, `γ⁺ ≤ 1 < γ⁻`.
    pub restive: bool,
    /// Every option tame, `γ⁻ ≤ 1 < γ⁺`.
    pub restless: bool,
    /// Every option is a part of the game.
    pub extraverted: bool,
    /// The game is a part of every option (only 0 and *).
    pub introverted: bool,
    /// Not 0 or *, and no proper part.
    pub prime: bool,
    /// A smaller birthday than the game plus `*`.
    pub even: bool,
    /// A nim-heap `*n`.
    pub nim_heap: bool,
    /// The options of the simplest form, in list notation.
    pub options: Vec<String>,
    /// The proper parts (even, other than 0 and the game's own even one).
    pub parts: Vec<String>,
    /// The partitions into primes (`*` appended when the parity needs it).
    pub partitions: Vec<Vec<String>>,
}

impl MisereFormReport {
    /// Reads `input` (a sum of forms in CGSuite's list notation) in a
    /// fresh store and reports its simplest form.
    pub fn evaluate(input: &str) -> Result<Self, MexError> {
        let mut store = MisereStore::default();
        let g = store.parse(input)?;
        Ok(Self::from_core(input, store.report(g)?))
    }

    /// The report of a core record.
    pub fn from_core(input: &str, r: FormReport) -> Self {
        MisereFormReport {
            input: input.to_string(),
            canonical: r.canonical,
            birthday: r.birthday,
            genus: r.genus,
            mate: r.mate,
            misere_outcome: r.misere_outcome,
            nim_value: r.nim_value,
            misere_nim_value: r.misere_nim_value,
            tame: r.tame,
            restive: r.restive,
            restless: r.restless,
            extraverted: r.extraverted,
            introverted: r.introverted,
            prime: r.prime,
            even: r.even,
            nim_heap: r.nim_heap,
            options: r.options,
            parts: r.parts,
            partitions: r.partitions,
        }
    }

    /// The text form: one `name: value` line a property.
    pub fn text(&self) -> String {
        let list = |items: &[String]| format!("[{}]", items.join(", "));
        let partitions: Vec<String> = self.partitions.iter().map(|p| list(p)).collect();
        let yes = |b: bool| if b { "yes" } else { "no" };
        let mut out = String::new();
        for (name, value) in [
            ("canonical", self.canonical.clone()),
            ("birthday", self.birthday.to_string()),
            ("genus", self.genus.clone()),
            ("misère outcome", self.misere_outcome.to_string()),
            ("nim value", self.nim_value.to_string()),
            ("misère nim value", self.misere_nim_value.to_string()),
            ("mate", self.mate.clone()),
            ("tame", yes(self.tame).into()),
            ("restive", yes(self.restive).into()),
            ("restless", yes(self.restless).into()),
            ("extraverted", yes(self.extraverted).into()),
            ("introverted", yes(self.introverted).into()),
            ("prime", yes(self.prime).into()),
            ("even", yes(self.even).into()),
            ("options", list(&self.options)),
            ("parts", list(&self.parts)),
            ("partitions", list(&partitions)),
        ] {
            out.push_str(&format!("{name}: {value}\n"));
        }
        out
    }
}
