//! Misère quotients of heap games against the definition and the literature.

use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::misere_quotient::{monomial_text, MisereQuotient};

fn quotient(code: &str, n: usize) -> MisereQuotient {
    MisereQuotient::compute(&code.parse::<TakeBreakCode>().unwrap(), n).unwrap()
}

#[test]
fn explore() {
    for code in [
        "0.75",
        "0.77",
        "0.07",
        "0.137",
        "0.3333",
        "0.33333333",
        "0.71",
        "0.26",
        "0.54",
    ] {
        let t = std::time::Instant::now();
        match MisereQuotient::compute(&code.parse::<TakeBreakCode>().unwrap(), 120) {
            Ok(q) => {
                let names: Vec<String> = q.heap_images()[1..].iter().map(|&x| q.name(x)).collect();
                let rels: Vec<String> = q
                    .relations()
                    .iter()
                    .map(|(l, r)| format!("{}={}", monomial_text(l), monomial_text(r)))
                    .collect();
                let p: Vec<String> = (0..q.order() as u32)
                    .filter(|&x| q.monoid().is_p(x))
                    .map(|x| q.name(x))
                    .collect();
                println!(
                    "{code}: order {} gens {:?} rels {:?} P {:?} period {:?} heaps {} ({:?})",
                    q.order(),
                    q.generator_heaps(),
                    rels,
                    p,
                    q.period(),
                    names.join(" "),
                    t.elapsed()
                );
            }
            Err(e) => println!("{code}: {e} ({:?})", t.elapsed()),
        }
    }
    let _ = quotient("0.75", 3);
}

use mex_core::heap::misere::HeapCodeRules;
use mex_core::impartial::misere::MisereSolver;
use mex_core::impartial::Outcome;

/// The misère outcome of a sum of heaps by the multiset search.
fn searched(solver: &mut MisereSolver<HeapCodeRules>, heaps: &[usize]) -> bool {
    let parts: Vec<usize> = heaps
        .iter()
        .flat_map(|&h| solver.rules().parts_of(h))
        .collect();
    solver.genus_unchecked(&parts).unwrap().outcome() == Outcome::P
}
