//! The report of a misère canonical form (`mex misere`, Python's
//! `MisereForm`): the form in CGSuite's printed notation (Conway's
//! subscripts, `*[2#0]`) or its list notation (`*[[2],0]`) and every property
//! of [`mex_core::impartial::misere_form`] (Conway 1976, ONAG ch. 12;
//! Siegel 2013, ch. V).

use mex_core::impartial::misere_form::{FormReport, MisereStore, Notation};
use mex_core::MexError;
use serde::Serialize;

/// A misère canonical form and its properties.
#[derive(Debug, Clone, Serialize)]
pub struct MisereFormReport {
    /// The input as typed.
    pub input: String,
    /// The simplest form and its properties: `canonical`, `birthday`,
    /// `genus`, `mate`, `misere_outcome` ("P"/"N"), `nim_value`,
    /// `misere_nim_value`, the booleans `tame`, `restive`, `restless`,
    /// `extraverted`, `introverted`, `prime`, `even`, `nim_heap`, and
    /// `options`, `parts`, `partitions` (in the notation asked for).
    #[serde(flatten)]
    pub form: FormReport,
}

impl MisereFormReport {
    /// Reads `input` (a sum of forms in either notation) in a fresh store
    /// and reports its simplest form in list notation (Python's
    /// `MisereForm`).
    pub fn evaluate(input: &str) -> Result<Self, MexError> {
        Self::evaluate_in(input, Notation::List)
    }

    /// Reads `input` and reports its simplest form, printed in `notation`.
    pub fn evaluate_in(input: &str, notation: Notation) -> Result<Self, MexError> {
        let mut store = MisereStore::default();
        let g = store.parse(input)?;
        Ok(Self::from_core(input, store.report(g, notation)?))
    }

    /// The report of a core record.
    pub fn from_core(input: &str, form: FormReport) -> Self {
        MisereFormReport {
            input: input.to_string(),
            form,
        }
    }

    /// The text form: one `name: value` line a property.
    pub fn text(&self) -> String {
        let list = |items: &[String]| format!("[{}]", items.join(", "));
        let partitions: Vec<String> = self.form.partitions.iter().map(|p| list(p)).collect();
        let yes = |b: bool| if b { "yes" } else { "no" };
        let mut out = String::new();
        for (name, value) in [
            ("canonical", self.form.canonical.clone()),
            ("birthday", self.form.birthday.to_string()),
            ("genus", self.form.genus.clone()),
            ("misère outcome", self.form.misere_outcome.to_string()),
            ("nim value", self.form.nim_value.to_string()),
            ("misère nim value", self.form.misere_nim_value.to_string()),
            ("mate", self.form.mate.clone()),
            ("tame", yes(self.form.tame).into()),
            ("restive", yes(self.form.restive).into()),
            ("restless", yes(self.form.restless).into()),
            ("extraverted", yes(self.form.extraverted).into()),
            ("introverted", yes(self.form.introverted).into()),
            ("prime", yes(self.form.prime).into()),
            ("even", yes(self.form.even).into()),
            ("options", list(&self.form.options)),
            ("parts", list(&self.form.parts)),
            ("partitions", list(&partitions)),
        ] {
            out.push_str(&format!("{name}: {value}\n"));
        }
        out
    }
}
