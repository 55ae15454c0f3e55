//! Result tables: plain aligned text for terminals, markdown for the README.
//!
//! One row per (operation, size). Columns: our median, then for each peer (in the order peers
//! first appear) its median and the ratio ours/peer; below 1 means we are faster. A peer that
//! does not implement an operation gets `-`.

use crate::harness::Timings;
use std::fmt::Write;

/// One measured (operation, size).
#[derive(Clone, Debug)]
pub struct Row {
    /// Operation name.
    pub name: &'static str,
    /// Problem size, if any.
    pub size: Option<usize>,
    /// The medians.
    pub timings: Timings,
}

/// A duration in seconds, with a unit that keeps three or four significant digits.
pub fn fmt_time(s: f64) -> String {
    // Thresholds sit just below the rounding points so that 9.996 prints as "10.0", not "10.00".
    let (v, unit) = match s {
        s if s < 999.5e-9 => (s * 1e9, "ns"),
        s if s < 999.5e-6 => (s * 1e6, "µs"),
        s if s < 999.5e-3 => (s * 1e3, "ms"),
        s => (s, "s"),
    };
    let digits = if v < 9.995 {
        2
    } else if v < 99.95 {
        1
    } else {
        0
    };
    format!("{v:.digits$} {unit}")
}

fn peer_names(rows: &[Row]) -> Vec<&'static str> {
    let mut names = Vec::new();
    for r in rows {
        for (n, _) in &r.timings.peers {
            if !names.contains(n) {
                names.push(*n);
            }
        }
    }
    names
}

/// The cells of the table, header first.
fn cells(rows: &[Row]) -> Vec<Vec<String>> {
    let peers = peer_names(rows);
    let mut header = vec!["operation".to_string(), "size".into(), "ours".into()];
    for p in &peers {
        header.push(p.to_string());
        header.push(format!("ours/{p}"));
    }
    let mut out = vec![header];
    for r in rows {
        let mut line = vec![
            r.name.to_string(),
            r.size.map_or("-".into(), |s| s.to_string()),
            fmt_time(r.timings.ours),
        ];
        for p in &peers {
            match r.timings.peers.iter().find(|(n, _)| n == p) {
                Some((_, t)) => {
                    line.push(fmt_time(*t));
                    line.push(format!("{:.2}", r.timings.ours / t));
                }
                None => line.extend(["-".to_string(), "-".to_string()]),
            }
        }
        out.push(line);
    }
    out
}

/// Plain text: the first column left-aligned, the others right-aligned.
pub fn text(rows: &[Row]) -> String {
    let cells = cells(rows);
    let widths: Vec<usize> = (0..cells[0].len())
        .map(|c| {
            cells
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for line in &cells {
        for (c, cell) in line.iter().enumerate() {
            let w = widths[c];
            match c {
                0 => write!(s, "{cell:<w$}"),
                _ => write!(s, "  {cell:>w$}"),
            }
            .expect("writing to a String cannot fail");
        }
        s.push('\n');
    }
    s
}

/// A markdown table (numbers right-aligned).
pub fn markdown(rows: &[Row]) -> String {
    let cells = cells(rows);
    let mut s = String::new();
    for (i, line) in cells.iter().enumerate() {
        s.push_str(&format!("| {} |\n", line.join(" | ")));
        if i == 0 {
            let rule: Vec<&str> = (0..line.len())
                .map(|c| if c == 0 { "---" } else { "---:" })
                .collect();
            s.push_str(&format!("|{}|\n", rule.join("|")));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::fmt_time;

    #[test]
    fn times_keep_three_significant_digits() {
        assert_eq!(fmt_time(26.64e-9), "26.6 ns");
        assert_eq!(fmt_time(9.996e-6), "10.0 µs");
        assert_eq!(fmt_time(999.7e-9), "1.00 µs");
        assert_eq!(fmt_time(1.5), "1.50 s");
    }
}
