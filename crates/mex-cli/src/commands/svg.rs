//! A small SVG writer for `mex game --thermograph`. (The nim-sequence chart
//! of `--plot` is `mex_serve::pictures::nim_sequence_svg`, shared with the
//! playground.)

use std::fmt::Write;

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A thermograph as a picture, drawn as the literature draws it: the
/// temperature `t` upwards from −1, values increasing to the *left*
/// (Left's direction), the left wall in blue, the right wall in red, the
/// mast dashed above the temperature. Coordinates are floating point (a
/// drawing only); every breakpoint is also written exactly, as
/// `data-points="t:value …"` on each wall and in the `<desc>`.
pub fn thermograph(title: &str, th: &mex_core::partizan::thermograph::Thermograph) -> String {
    use num_traits::ToPrimitive;
    let f = |q: &mex_core::partizan::thermograph::Q| q.to_f64().unwrap_or(0.0);
    let walls = [
        (&th.left, "left-wall", "#1f4e9e"),
        (&th.right, "right-wall", "#b2182b"),
    ];
    // The drawing spans t ∈ [−1, top] with top one above the temperature.
    let top = f(&th.temperature).max(0.0) + 1.0;
    let mut lo = f64::MAX;
    let mut hi = f64::MIN;
    for (w, _, _) in walls {
        for (_, v) in w.breakpoints() {
            lo = lo.min(f(v));
            hi = hi.max(f(v));
        }
    }
    let mean = f(&th.mean);
    lo = lo.min(mean) - 1.0;
    hi = hi.max(mean) + 1.0;
    let (unit, margin) = (60.0_f64, 40.0_f64);
    let width = (hi - lo) * unit + 2.0 * margin;
    let height = (top + 1.0) * unit + 2.0 * margin;
    let x = |v: f64| margin + (hi - v) * unit;
    let y = |t: f64| margin + (top - t) * unit;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<title>thermograph of {}</title>"#, escape(title));
    let exact = |w: &mex_core::partizan::thermograph::Wall| {
        w.breakpoints()
            .iter()
            .map(|(t, v)| format!("{t}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(
        s,
        r#"<desc>mean {} temperature {}; left wall {} then slope {}; right wall {} then slope {}</desc>"#,
        th.mean,
        th.temperature,
        exact(&th.left),
        th.left.tail_slope(),
        exact(&th.right),
        th.right.tail_slope()
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    // Axes: t = 0 horizontally, value 0 vertically (when in range).
    let _ = writeln!(
        s,
        r##"<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999999"/>"##,
        margin,
        y(0.0),
        width - margin,
        y(0.0)
    );
    if lo <= 0.0 && 0.0 <= hi {
        let _ = writeln!(
            s,
            r##"<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999999"/>"##,
            x(0.0),
            margin,
            x(0.0),
            height - margin
        );
    }
    for (w, class, colour) in walls {
        let mut points: Vec<(f64, f64)> =
            w.breakpoints().iter().map(|(t, v)| (f(t), f(v))).collect();
        // Extend past the last breakpoint with the tail slope up to `top`.
        let (t_last, v_last) = *points.last().expect("a wall has a breakpoint");
        if t_last < top {
            points.push((top, v_last + w.tail_slope() as f64 * (top - t_last)));
        }
        let path: Vec<String> = points
            .iter()
            .map(|(t, v)| format!("{:.2},{:.2}", x(*v), y(*t)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline class="{class}" data-points="{}" data-tail-slope="{}" points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            exact(w),
            w.tail_slope(),
            path.join(" ")
        );
    }
    let _ = writeln!(
        s,
        r##"<line class="mast" x1="{mx:.2}" y1="{:.2}" x2="{mx:.2}" y2="{:.2}" stroke="#555555" stroke-dasharray="4 3"/>"##,
        y(f(&th.temperature).max(-1.0)),
        margin,
        mx = x(mean)
    );
    let _ = writeln!(
        s,
        r#"<text x="{margin}" y="16">mean {} · temperature {}</text>"#,
        th.mean, th.temperature
    );
    s.push_str("</svg>\n");
    s
}
