//! The report of a misère quotient (`mex misere-quotient`, Python's
//! `misere_quotient`): Plambeck and Siegel, "Misère quotients for impartial
//! games" (2008).

use mex_core::heap::misere_quotient::{generator_name, monomial_text, Grown, MisereQuotient};
use mex_core::MexError;
use num_bigint::BigUint;
use serde::Serialize;

/// One element of the quotient.
#[derive(Debug, Clone, Serialize)]
pub struct ElementReport {
    /// Its least word in the generators (`1`, `a`, `b^2c`).
    pub name: String,
    /// The misère outcome of the sums it is the image of: `P` or `N`.
    pub outcome: &'static str,
}

/// A generator: the image of a heap.
#[derive(Debug, Clone, Serialize)]
pub struct GeneratorReport {
    /// `a`, `b`, …
    pub name: String,
    /// The heap it is the image of.
    pub heap: usize,
}

/// A presentation: generators and relations `left = right`.
#[derive(Debug, Clone, Serialize)]
pub struct PresentationReport {
    /// The generators, in the order adjoined.
    pub generators: Vec<GeneratorReport>,
    /// Relations as `"a^2=1"`.
    pub relations: Vec<String>,
}

/// The periodicity certificate: the quotient is that of the whole game.
#[derive(Debug, Clone, Serialize)]
pub struct PeriodReport {
    /// `n0`.
    pub preperiod: usize,
    /// `p`.
    pub period: usize,
    /// `t`, the largest removal.
    pub max_removal: usize,
    /// `r`, the most heaps an option leaves.
    pub max_heaps: usize,
    /// `r(n0 + p) + t − 1`: the images were compared up to this heap.
    pub checked_through: usize,
}

/// The misère quotient of the heaps `1..=max_heap` of a game.
#[derive(Debug, Clone, Serialize)]
pub struct MisereQuotientReport {
    /// The game (its code).
    pub game: String,
    /// The largest heap included.
    pub max_heap: usize,
    /// The number of elements.
    pub order: usize,
    /// The elements, element `i` at index `i`; `1` first.
    pub elements: Vec<ElementReport>,
    /// Names of the elements in the P-portion.
    pub p_portion: Vec<String>,
    /// `heaps[n]`: the name of the image of heap `n` (`heaps[0]` is `1`).
    pub heaps: Vec<String>,
    /// Generators and relations.
    pub presentation: PresentationReport,
    /// `table[i][j]`: the index of the product of elements `i` and `j`.
    pub table: Vec<Vec<u32>>,
    /// The proof that this is the quotient of the whole game, if found.
    pub period: Option<PeriodReport>,
    /// When the largest heap was grown by doubling (no `--max-heap`) and
    /// stopped without a period: the refusal of the next bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub growth_refused: Option<String>,
    /// The sum asked for with its outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<Vec<String>>,
    /// `P` or `N` for the sum asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'static str>,
}

fn outcome_text(p: bool) -> &'static str {
    if p {
        "P"
    } else {
        "N"
    }
}

impl MisereQuotientReport {
    /// The report of `q` for the game named `game`; with `sum`, the outcome
    /// of that sum of heaps (refused when a heap is beyond the table and
    /// no period is proven).
    pub fn new(game: &str, q: &MisereQuotient, sum: Option<&[BigUint]>) -> Result<Self, MexError> {
        let m = q.monoid();
        let order = q.order() as u32;
        let outcome = match sum {
            Some(heaps) => Some(outcome_text(q.is_p_position(heaps).ok_or_else(|| {
                MexError::out_of_range(
                    "a heap of the sum",
                    heaps
                        .iter()
                        .max()
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                    format!(
                        "heaps up to {} (no period was proven beyond them)",
                        q.max_heap()
                    ),
                )
            })?)),
            None => None,
        };
        Ok(MisereQuotientReport {
            game: game.to_string(),
            max_heap: q.max_heap(),
            order: q.order(),
            elements: (0..order)
                .map(|x| ElementReport {
                    name: q.name(x),
                    outcome: outcome_text(m.is_p(x)),
                })
                .collect(),
            p_portion: (0..order)
                .filter(|&x| m.is_p(x))
                .map(|x| q.name(x))
                .collect(),
            heaps: q.heap_images().iter().map(|&x| q.name(x)).collect(),
            presentation: PresentationReport {
                generators: q
                    .generator_heaps()
                    .iter()
                    .enumerate()
                    .map(|(i, &heap)| GeneratorReport {
                        name: generator_name(i),
                        heap,
                    })
                    .collect(),
                relations: q
                    .relations()
                    .iter()
                    .map(|(l, r)| format!("{}={}", monomial_text(l), monomial_text(r)))
                    .collect(),
            },
            table: (0..order)
                .map(|x| (0..order).map(|y| m.mul(x, y)).collect())
                .collect(),
            period: q.period().map(|c| PeriodReport {
                preperiod: c.preperiod,
                period: c.period,
                max_removal: c.max_removal,
                max_heaps: c.max_heaps,
                checked_through: c.checked_through,
            }),
            growth_refused: None,
            sum: sum.map(|h| h.iter().map(ToString::to_string).collect()),
            outcome,
        })
    }

    /// The report of a quotient whose bound was grown
    /// ([`MisereQuotient::compute_growing`]).
    pub fn grown(game: &str, g: &Grown, sum: Option<&[BigUint]>) -> Result<Self, MexError> {
        let mut report = Self::new(game, &g.quotient, sum)?;
        report.growth_refused = g.refused.as_ref().map(ToString::to_string);
        Ok(report)
    }

    /// The text form, as Plambeck and Siegel write a quotient:
    /// `Q = ⟨a, b | a^2=1, b^3=b⟩`, the P-portion, the heaps' images.
    pub fn text(&self) -> String {
        let gens: Vec<&str> = self
            .presentation
            .generators
            .iter()
            .map(|g| g.name.as_str())
            .collect();
        let mut out = format!(
            "misère quotient of {} (heaps 1..{}): order {}\n",
            self.game, self.max_heap, self.order
        );
        out += &format!(
            "Q = ⟨{} | {}⟩\n",
            gens.join(", "),
            self.presentation.relations.join(", ")
        );
        for g in &self.presentation.generators {
            out += &format!("  {} = heap {}\n", g.name, g.heap);
        }
        out += &format!("P = {{{}}}\n", self.p_portion.join(", "));
        let names: Vec<&str> = self.elements.iter().map(|e| e.name.as_str()).collect();
        out += &format!("elements: {}\n", names.join(" "));
        out += "heaps:";
        for (n, h) in self.heaps.iter().enumerate().skip(1) {
            out += &format!(" {n}:{h}");
        }
        out += "\n";
        match &self.period {
            Some(p) => {
                out += &format!(
                    "proven for every heap: the images repeat with period {} from heap {} through heap {} = r(n0+p)+t-1 (r={}, t={}), so by the periodicity theorem this is the quotient of the whole game\n",
                    p.period, p.preperiod, p.checked_through, p.max_heaps, p.max_removal
                )
            }
            None => out += "no period proven: this is the quotient of heaps up to the bound only\n",
        }
        if let Some(why) = &self.growth_refused {
            out += &format!(
                "the bound was doubled up to heap {} and no further: {why}\n",
                self.max_heap
            );
        }
        if let (Some(sum), Some(o)) = (&self.sum, self.outcome) {
            out += &format!("outcome of {}: {o}\n", sum.join("+"));
        }
        out
    }
}
