//! Inline SVG trend charts for the HTML report (`verdiff report --html`): verdict counts per
//! run (stacked bars) and total time per run (a line with one point per run).
//!
//! The SVG is built here as text and inserted into the page unescaped, so every piece of text
//! that goes into it passes through [`escape`]. No script, no external reference (not even an
//! `xmlns`: inline SVG in HTML does not need one).
//!
//! Depends on: cache (the `RunRecord` history rows). Must not depend on cli.

use crate::cache::RunRecord;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 250.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 52.0;

pub const VERIFIED_COLOUR: &str = "#2e7d32";
pub const FAILED_COLOUR: &str = "#c62828";
pub const UNKNOWN_COLOUR: &str = "#f9a825";
pub const TIME_COLOUR: &str = "#1565c0";

/// Escapes text for SVG/HTML text content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `YYYY-MM-DD HH:MM` (UTC) of seconds since the epoch.
pub fn date_time(secs: i64) -> String {
    let (y, m, d) = civil(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rem / 3600, rem % 3600 / 60)
}

/// `MM-DD` of seconds since the epoch (axis labels).
fn month_day(secs: i64) -> String {
    let (_, m, d) = civil(secs.div_euclid(86_400));
    format!("{m:02}-{d:02}")
}

/// (year, month, day) from days since the epoch (Howard Hinnant's civil-from-days).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The first 10 characters of a commit id, keeping a `+worktree` suffix.
pub fn short_commit(c: &str) -> String {
    match c.split_once('+') {
        Some((id, rest)) => format!("{}+{rest}", id.chars().take(10).collect::<String>()),
        None => c.chars().take(10).collect(),
    }
}

/// A step of 1, 2 or 5 × 10^k giving at most `max_ticks` intervals up to `max` (> 0), and
/// the axis top (a multiple of the step).
fn nice_axis(max: f64, max_ticks: usize) -> (f64, f64) {
    let max = if max > 0.0 && max.is_finite() { max } else { 1.0 };
    let raw = max / max_ticks as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag);
    let top = (max / step).ceil() * step;
    (step, top.max(step))
}

fn tick_label(v: f64, step: f64) -> String {
    if step >= 1.0 || v == 0.0 {
        format!("{}", v.round() as i64)
    } else {
        let decimals = (-step.log10().floor()) as usize;
        format!("{v:.decimals$}")
    }
}

/// Plot geometry shared by both charts.
struct Frame {
    n: usize,
    top_value: f64,
}

impl Frame {
    fn plot_w(&self) -> f64 {
        WIDTH - LEFT - RIGHT
    }
    fn plot_h(&self) -> f64 {
        HEIGHT - TOP - BOTTOM
    }
    fn slot(&self) -> f64 {
        self.plot_w() / self.n.max(1) as f64
    }
    fn x_center(&self, i: usize) -> f64 {
        LEFT + self.slot() * (i as f64 + 0.5)
    }
    fn y(&self, v: f64) -> f64 {
        TOP + self.plot_h() * (1.0 - v / self.top_value)
    }
}

/// Axes, grid lines, tick labels, axis titles and the x labels (one per run, thinned out
/// when there are many).
fn axes(out: &mut String, f: &Frame, step: f64, y_title: &str, runs: &[&RunRecord]) {
    out.push_str("<g class=\"axes\">");
    let mut v = 0.0;
    while v <= f.top_value + step / 2.0 {
        let y = f.y(v);
        out.push_str(&format!(
            "<line class=\"grid\" x1=\"{LEFT:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            escape(&tick_label(v, step))
        ));
        v += step;
    }
    let base = f.y(0.0);
    out.push_str(&format!(
        "<line class=\"axis\" x1=\"{LEFT:.1}\" y1=\"{TOP:.1}\" x2=\"{LEFT:.1}\" y2=\"{base:.1}\"/>\
         <line class=\"axis\" x1=\"{LEFT:.1}\" y1=\"{base:.1}\" x2=\"{:.1}\" y2=\"{base:.1}\"/>",
        WIDTH - RIGHT
    ));
    // at most ~12 labels on the x axis
    let every = runs.len().div_ceil(12).max(1);
    for (i, r) in runs.iter().enumerate() {
        if i % every != 0 && i + 1 != runs.len() {
            continue;
        }
        if i + 1 == runs.len() && i % every != 0 && (i % every) * 2 < every {
            // the last label would collide with the previous one
            continue;
        }
        out.push_str(&format!(
            "<text class=\"xlabel\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">#{}</text>\
             <text class=\"xlabel date\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            base + 14.0,
            r.id,
            base + 26.0,
            escape(&month_day(r.started)),
            x = f.x_center(i),
        ));
    }
    out.push_str(&format!(
        "<text class=\"axis-title\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">run (number, date UTC)</text>",
        LEFT + f.plot_w() / 2.0,
        HEIGHT - 6.0
    ));
    out.push_str(&format!(
        "<text class=\"axis-title\" transform=\"translate(14 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
        TOP + f.plot_h() / 2.0,
        escape(y_title)
    ));
    out.push_str("</g>");
}

fn legend(out: &mut String, items: &[(&str, &str)]) {
    out.push_str("<g class=\"legend\">");
    let mut x = LEFT;
    for (label, colour) in items {
        out.push_str(&format!(
            "<rect x=\"{x:.1}\" y=\"8\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"18\">{}</text>",
            x + 17.0,
            escape(label)
        ));
        x += 30.0 + 7.5 * label.chars().count() as f64;
    }
    out.push_str("</g>");
}

fn open_svg(out: &mut String, id: &str, title: &str, desc: &str) {
    out.push_str(&format!(
        "<svg class=\"chart\" id=\"{id}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         role=\"img\" aria-labelledby=\"{id}-title {id}-desc\">\
         <title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        escape(title),
        escape(desc)
    ));
}

fn run_caption(r: &RunRecord) -> String {
    format!("run #{} · {} UTC · {}", r.id, date_time(r.started), short_commit(&r.commit))
}

/// Stacked bars per run: verified (bottom), failed, unknown. One `<g class="run">` with a
/// `<title>` per run.
pub fn counts_chart(runs: &[&RunRecord]) -> String {
    let max = runs
        .iter()
        .map(|r| (r.counts.verified + r.counts.failed + r.counts.unknown) as f64)
        .fold(0.0, f64::max)
        .max(1.0);
    // whole functions: no step below 1
    let (step, top_value) = match nice_axis(max, 5) {
        (s, _) if s < 1.0 => (1.0, max.ceil()),
        st => st,
    };
    let f = Frame { n: runs.len(), top_value };
    let mut out = String::new();
    open_svg(
        &mut out,
        "chart-counts",
        "Verdicts per run",
        &format!("Stacked bars of verified, failed and unknown functions for the last {} runs", runs.len()),
    );
    axes(&mut out, &f, step, "functions", runs);
    let bar_w = (f.slot() * 0.7).clamp(1.0, 40.0);
    for (i, r) in runs.iter().enumerate() {
        let c = &r.counts;
        out.push_str(&format!(
            "<g class=\"run\" data-run=\"{}\"><title>{}: {} verified, {} failed, {} unknown ({} functions)</title>",
            r.id,
            escape(&run_caption(r)),
            c.verified,
            c.failed,
            c.unknown,
            c.functions
        ));
        let x = f.x_center(i) - bar_w / 2.0;
        let mut acc = 0.0;
        for (value, class, colour) in [
            (c.verified, "verified", VERIFIED_COLOUR),
            (c.failed, "failed", FAILED_COLOUR),
            (c.unknown, "unknown", UNKNOWN_COLOUR),
        ] {
            if value == 0 {
                continue;
            }
            let y0 = f.y(acc);
            acc += value as f64;
            let y1 = f.y(acc);
            out.push_str(&format!(
                "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y1:.1}\" width=\"{bar_w:.1}\" height=\"{:.1}\" fill=\"{colour}\">\
                 <title>{}: {value} {class}</title></rect>",
                (y0 - y1).max(0.5),
                escape(&run_caption(r))
            ));
        }
        out.push_str("</g>");
    }
    legend(&mut out, &[("verified", VERIFIED_COLOUR), ("failed", FAILED_COLOUR), ("unknown", UNKNOWN_COLOUR)]);
    out.push_str("</svg>");
    out
}

/// Seconds in a short human form (`0.42 s`, `12.3 s`, `4 min 05 s`, `2 h 03 min`).
pub fn duration(s: f64) -> String {
    if !s.is_finite() || s < 0.0 {
        return "-".into();
    }
    if s < 10.0 {
        format!("{s:.2} s")
    } else if s < 120.0 {
        format!("{s:.1} s")
    } else if s < 7200.0 {
        let t = s.round() as u64;
        format!("{} min {:02} s", t / 60, t % 60)
    } else {
        let t = (s / 60.0).round() as u64;
        format!("{} h {:02} min", t / 60, t % 60)
    }
}

/// Total (wall-clock) time per run: a line through one `<circle class="point">` per run, each
/// with a `<title>`.
pub fn time_chart(runs: &[&RunRecord]) -> String {
    // minutes on the axis once the runs take more than a few minutes
    let max_s = runs.iter().map(|r| r.seconds).filter(|s| s.is_finite()).fold(0.0, f64::max);
    let (unit, div) = if max_s > 600.0 { ("minutes", 60.0) } else { ("seconds", 1.0) };
    let value = |r: &RunRecord| if r.seconds.is_finite() { r.seconds.max(0.0) / div } else { 0.0 };
    let max = runs.iter().map(|r| value(r)).fold(0.0, f64::max);
    let (step, top_value) = nice_axis(if max > 0.0 { max } else { 1.0 }, 5);
    let f = Frame { n: runs.len(), top_value };
    let mut out = String::new();
    open_svg(
        &mut out,
        "chart-time",
        "Total time per run",
        &format!("Wall-clock time of each of the last {} runs, in {unit}", runs.len()),
    );
    axes(&mut out, &f, step, unit, runs);
    let points: Vec<(f64, f64)> = runs.iter().enumerate().map(|(i, r)| (f.x_center(i), f.y(value(r)))).collect();
    if points.len() > 1 {
        let coords: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        out.push_str(&format!(
            "<polyline class=\"line\" fill=\"none\" stroke=\"{TIME_COLOUR}\" stroke-width=\"2\" points=\"{}\"/>",
            coords.join(" ")
        ));
    }
    for (r, (x, y)) in runs.iter().zip(&points) {
        out.push_str(&format!(
            "<circle class=\"point\" data-run=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{TIME_COLOUR}\">\
             <title>{}: {} ({} functions, {} from the cache)</title></circle>",
            r.id,
            escape(&run_caption(r)),
            escape(&duration(r.seconds)),
            r.counts.functions,
            r.counts.cached
        ));
    }
    legend(&mut out, &[("total time per run", TIME_COLOUR)]);
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Counts;

    fn run(id: i64, verified: usize, failed: usize, unknown: usize, seconds: f64) -> RunRecord {
        RunRecord {
            id,
            command: "run".into(),
            commit: "<b>0123456789abcdef".into(),
            started: 1_790_000_000 + id * 86_400,
            options: String::new(),
            counts: Counts {
                functions: verified + failed + unknown,
                verified,
                failed,
                unknown,
                changed: 0,
                cached: 0,
                precondition: 0,
            },
            seconds,
        }
    }

    #[test]
    fn one_bar_and_one_point_per_run_with_titles() {
        let rs: Vec<RunRecord> = (1..=7).map(|i| run(i, 10 + i as usize, 2, i as usize % 2, 3.0 * i as f64)).collect();
        let refs: Vec<&RunRecord> = rs.iter().collect();
        let c = counts_chart(&refs);
        assert_eq!(c.matches("<g class=\"run\"").count(), 7);
        assert_eq!(c.matches("<rect class=\"failed\"").count(), 7);
        assert_eq!(c.matches("<rect class=\"unknown\"").count(), 4);
        assert!(c.contains("run #3"), "{c}");
        let t = time_chart(&refs);
        assert_eq!(t.matches("<circle class=\"point\"").count(), 7);
        assert_eq!(t.matches("<polyline").count(), 1);
        for svg in [&c, &t] {
            assert!(!svg.contains("<b>"), "commit text must be escaped: {svg}");
            assert!(svg.contains("&lt;b&gt;"));
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
    }

    #[test]
    fn single_run_and_zero_values() {
        let rs = [run(1, 0, 0, 0, 0.0)];
        let refs: Vec<&RunRecord> = rs.iter().collect();
        let c = counts_chart(&refs);
        assert_eq!(c.matches("<g class=\"run\"").count(), 1);
        let t = time_chart(&refs);
        assert_eq!(t.matches("<circle class=\"point\"").count(), 1);
        assert!(!t.contains("<polyline"));
        assert!(!c.contains("NaN") && !t.contains("NaN"));
    }

    #[test]
    fn axes_and_formats() {
        assert_eq!(nice_axis(7.0, 5), (2.0, 8.0));
        assert_eq!(nice_axis(100.0, 5), (20.0, 100.0));
        let (step, top) = nice_axis(0.3, 5);
        assert!((step - 0.1).abs() < 1e-9 && (top - 0.3).abs() < 1e-9, "{step} {top}");
        assert_eq!(tick_label(0.2, 0.1), "0.2");
        assert_eq!(date_time(0), "1970-01-01 00:00");
        assert_eq!(date_time(951_782_400), "2000-02-29 00:00");
        assert_eq!(short_commit("0123456789abcdef+worktree"), "0123456789+worktree");
        assert_eq!(duration(0.123), "0.12 s");
        assert_eq!(duration(245.0), "4 min 05 s");
        assert_eq!(escape("<a href='x'>&\""), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
    }
}
