//! A small SVG writer for pictures: the nim sequence of a heap game as a
//! bar chart with its preperiod shaded and its periods marked.

use std::fmt::Write;

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The first values of a nim sequence as bars (one per heap size n, height
/// the Grundy value), with the preperiod shaded and a dashed line at the
/// start of each period: `preperiod + k * period`.
pub fn nim_sequence(
    title: &str,
    values: &[u32],
    preperiod: Option<usize>,
    period: Option<usize>,
) -> String {
    let (bar, unit, left, top, bottom) = (8.0_f64, 14.0_f64, 40.0, 30.0, 30.0);
    let max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let width = left + bar * values.len().max(1) as f64 + 20.0;
    let height = top + unit * max + bottom;
    let base = top + unit * max;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, escape(title));
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, r#"<text x="{left}" y="16">{}</text>"#, escape(title));
    if let Some(mu) = preperiod.filter(|&m| m > 0) {
        let w = bar * mu.min(values.len()) as f64;
        let _ = writeln!(
            s,
            r##"<rect class="preperiod" x="{left}" y="{top}" width="{w}" height="{}" fill="#f3e6b0"/>"##,
            unit * max
        );
    }
    for (n, &v) in values.iter().enumerate() {
        let h = unit * v as f64;
        let _ = writeln!(
            s,
            r##"<rect class="value" data-n="{n}" data-value="{v}" x="{}" y="{}" width="{}" height="{h}" fill="#2a6"/>"##,
            left + bar * n as f64,
            base - h,
            bar - 1.0
        );
    }
    if let (Some(mu), Some(p)) = (preperiod, period.filter(|&p| p > 0)) {
        let mut start = mu;
        while start <= values.len() {
            let x = left + bar * start as f64;
            let _ = writeln!(
                s,
                r##"<line class="period" x1="{x}" y1="{top}" x2="{x}" y2="{base}" stroke="#c33" stroke-dasharray="4 3"/>"##
            );
            start += p;
        }
    }
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{base}" x2="{}" y2="{base}" stroke="#333"/>"##,
        width - 10.0
    );
    let _ = writeln!(s, r#"<text x="4" y="{}">{}</text>"#, top + 8.0, max as u32);
    let _ = writeln!(s, r#"<text x="4" y="{base}">0</text>"#);
    let caption = match (preperiod, period) {
        (Some(mu), Some(p)) => format!(
            "n = 0..{}: preperiod {mu} (shaded), period {p} (dashed lines)",
            values.len()
        ),
        _ => format!("n = 0..{}", values.len()),
    };
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}">{}</text>"#,
        base + 20.0,
        escape(&caption)
    );
    s.push_str("</svg>\n");
    s
}
