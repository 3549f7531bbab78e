//! The scatter of a nim-value sequence: one mark per heap `n` at height `G(n)`, as CGSuite's scatter plot draws it.
//!
//! **Binning.** When the heaps are more than half the plot's pixel columns, heaps are binned: column `c` of the
//! plot holds the heaps `n` with `⌊n·W/(N+1)⌋ = c` (`W` columns, heaps `0..=N`), and one mark is drawn for each
//! pixel row some heap of the column reaches. Likewise, when the values are more than half the pixel rows, row `r`
//! holds the values `v` with `⌊v·(H−1)/M⌋ = r` (`M` the largest value). So the picture has at most one mark per
//! pixel, is drawn in time linear in the heaps (plus a sort per column), and shows every heap: each heap lies in
//! exactly one mark. Each mark names what it stands for in its SVG attributes: heaps `data-n0..=data-n1` (one
//! column) and the values `data-v0..=data-v1` that heaps of that column take in that row (the smallest and the
//! largest).

use super::scene::{fit, text_width, ticks, Anchor, Rgb, Scene, LINE};
use crate::heap::rare::RareSplit;
use crate::nimber::Nimber;

/// What to draw: the values of heaps `0..values.len()` and what is known about them.
pub(crate) struct Scatter<'a> {
    pub values: &'a [Nimber],
    /// The first line of the header.
    pub title: String,
    /// The second line (the period found, or the play convention).
    pub subtitle: String,
    /// The preperiod and period to mark.
    pub period: Option<(u64, u64)>,
    /// The rare/common split to colour.
    pub rare: Option<RareSplit>,
    /// The label of the value axis.
    pub value_label: &'static str,
}

/// Margins of the plot area: left, right, top, bottom.
const LEFT: i64 = 72;
const RIGHT: i64 = 40;
const TOP: i64 = 84;
const BOTTOM: i64 = 48;
/// The header's left margin.
const HEADER: i64 = 12;

pub const MARK: Rgb = Rgb(31, 78, 160);
pub const RARE: Rgb = Rgb(214, 39, 40);
pub const COMMON: Rgb = Rgb(150, 170, 200);
const BAND: Rgb = Rgb(255, 236, 204);
const PERIOD: Rgb = Rgb(225, 115, 0);
const GRID: Rgb = Rgb(232, 232, 232);
const INK: Rgb = Rgb(40, 40, 40);

/// The plot's pixel columns: which heaps each holds and where it is drawn.
struct Columns {
    left: i64,
    width: i64,
    /// The number of heaps, `N + 1`.
    heaps: u64,
    binned: bool,
}

impl Columns {
    fn of(&self, n: u64) -> u64 {
        if self.binned {
            ((n as u128 * self.width as u128) / self.heaps as u128) as u64
        } else {
            n
        }
    }
    /// The x of column `c`'s mark centre.
    fn x(&self, c: u64) -> i64 {
        if self.binned {
            self.left + c as i64
        } else {
            let last = (self.heaps - 1).max(1) as i128;
            self.left + ((c as i128 * (self.width - 1) as i128) / last) as i64
        }
    }
    /// The x of heap `n` (its column's).
    fn x_of_heap(&self, n: u64) -> i64 {
        self.x(self.of(n))
    }
    /// The heaps of column `c`: `n0..=n1`.
    fn heaps_of(&self, c: u64) -> (u64, u64) {
        if !self.binned {
            return (c, c);
        }
        let (h, w) = (self.heaps as u128, self.width as u128);
        let n0 = (c as u128 * h).div_ceil(w) as u64;
        let n1 = ((c as u128 + 1) * h).div_ceil(w) as u64 - 1;
        (n0, n1)
    }
}

/// The plot's pixel rows.
struct Rows {
    bottom: i64,
    height: i64,
    largest: u64,
}

impl Rows {
    fn of(&self, v: u64) -> u64 {
        ((v as u128 * (self.height - 1) as u128) / self.largest as u128) as u64
    }
    fn y(&self, r: u64) -> i64 {
        self.bottom - r as i64
    }
    fn binned(&self) -> bool {
        self.largest * 2 > (self.height - 1) as u64
    }
}

/// Draws the scatter on a `width` × `height` picture (each side at least [`super::MIN_SIDE`]). `values` is not empty.
///
/// Long: the picture drawn in layers, back to front (header, grid, period band, axes, marks), all in one frame (the
/// plot area, the binning of columns and rows, the size of a mark) that every layer reads.
pub(crate) fn draw(s: &Scatter, width: u32, height: u32) -> Scene {
    let mut scene = Scene::new(width, height, format!("{} ({})", s.title, s.subtitle));
    let (w, h) = (width as i64, height as i64);
    let pw = w - LEFT - RIGHT;
    let ph = h - TOP - BOTTOM;
    let heaps = s.values.len() as u64;
    let cols = Columns {
        left: LEFT,
        width: pw,
        heaps,
        binned: heaps * 2 > pw as u64,
    };
    let largest = s.values.iter().copied().max().unwrap_or(0).max(1);
    let rows = Rows {
        bottom: TOP + ph - 1,
        height: ph,
        largest,
    };
    // The size of a mark: a square of up to 5 pixels while heaps and values have room, one pixel across where
    // they are binned.
    let sx = if cols.binned {
        1
    } else {
        (pw - 1) / (heaps as i64 - 1).max(1)
    };
    let sy = (ph - 1) / largest as i64;
    let (mw, mh) = match (cols.binned, rows.binned()) {
        (false, false) => {
            let d = (sx + 1).min(sy).clamp(1, 5);
            (d, d)
        }
        (false, true) => (sx.clamp(1, 5), 1),
        (true, false) => (1, (sy - 1).clamp(1, 3)),
        (true, true) => (1, 1),
    };

    // The header.
    let room = w - 2 * HEADER;
    scene.text(HEADER, 6, fit(&s.title, room), INK, Anchor::Start);
    scene.text(HEADER, 26, fit(&s.subtitle, room), INK, Anchor::Start);
    if let Some(split) = s.rare {
        let mut x = HEADER;
        for (colour, words) in [
            (RARE, split.rule()),
            (COMMON, "common: the other values".to_string()),
        ] {
            scene.rect(x, 46 + 4, 8, 8, colour);
            scene.text(
                x + 12,
                46,
                fit(&words, w - x - 12 - HEADER),
                INK,
                Anchor::Start,
            );
            x += 12 + text_width(&words) + 24;
        }
    }

    // Grid lines and value ticks.
    let value_ticks = ticks(largest, (ph / 28).max(1) as u64);
    for &t in &value_ticks {
        let y = rows.y(rows.of(t));
        scene.rect(LEFT, y, pw, 1, GRID);
        scene.rect(LEFT - 5, y, 5, 1, INK);
        scene.text(LEFT - 8, y - LINE / 2, t.to_string(), INK, Anchor::End);
    }
    scene.text(LEFT, TOP - 20, s.value_label, INK, Anchor::Middle);

    // The period: a band over the first period, a dashed line at the preperiod, ticks at each later period.
    if let Some((e, p)) = s.period {
        if e < heaps {
            let end = e.saturating_add(p).min(heaps) - 1;
            let (x0, x1) = (cols.x_of_heap(e), cols.x_of_heap(end));
            scene.rect(x0, TOP, (x1 - x0).max(1), ph, BAND);
            scene.dashed_vline(x0, TOP, TOP + ph, PERIOD);
            let label = format!("preperiod {e}");
            if x0 + 4 + text_width(&label) <= LEFT + pw {
                scene.text(x0 + 4, TOP + 2, label, PERIOD, Anchor::Start);
            } else {
                scene.text(x0 - 4, TOP + 2, label, PERIOD, Anchor::End);
            }
            let spacing = cols.x_of_heap(e.saturating_add(p).min(heaps - 1)) - x0;
            if p > 0 && spacing >= 4 {
                let mut n = e;
                while n < heaps {
                    scene.rect(cols.x_of_heap(n), TOP + ph - 6, 1, 6, PERIOD);
                    n = n.saturating_add(p);
                }
            }
        }
    }

    // Axes and heap ticks.
    scene.rect(LEFT - 1, TOP, 1, ph + 1, INK);
    scene.rect(LEFT - 1, TOP + ph, pw + 1, 1, INK);
    let most = (pw / (text_width(&(heaps - 1).to_string()) + 24)).max(1) as u64;
    for t in ticks(heaps - 1, most) {
        let x = cols.x_of_heap(t);
        scene.rect(x, TOP + ph, 1, 5, INK);
        scene.text(x, TOP + ph + 7, t.to_string(), INK, Anchor::Middle);
    }
    scene.text(LEFT + pw / 2, TOP + ph + 26, "heap n", INK, Anchor::Middle);

    // The marks, column by column: (row, value) pairs of the column's heaps, sorted, one mark per row.
    let mut marks: Vec<(i64, i64, Rgb, String, bool)> = Vec::new();
    // (row, value, rare) of each heap of the column: whether a heap is rare may depend on the heap, not only on
    // its value (a split with the heap's parity).
    let mut column: Vec<(u64, u64, bool)> = Vec::new();
    let flush = |c: u64, column: &mut Vec<(u64, u64, bool)>, marks: &mut Vec<_>| {
        column.sort_unstable();
        let (n0, n1) = cols.heaps_of(c);
        let x = cols.x(c) - (mw - 1) / 2;
        let mut i = 0;
        while i < column.len() {
            let r = column[i].0;
            let mut j = i;
            let mut any_rare = false;
            while j < column.len() && column[j].0 == r {
                any_rare |= column[j].2;
                j += 1;
            }
            let (v0, v1) = (column[i].1, column[j - 1].1);
            let y = rows.y(r) - (mh - 1) / 2;
            let (colour, rare_attr) = match s.rare {
                None => (MARK, ""),
                Some(_) if any_rare => (RARE, " data-rare=\"1\""),
                Some(_) => (COMMON, " data-rare=\"0\""),
            };
            marks.push((
                x,
                y,
                colour,
                format!("data-n0=\"{n0}\" data-n1=\"{n1}\" data-v0=\"{v0}\" data-v1=\"{v1}\"{rare_attr}"),
                any_rare,
            ));
            i = j;
        }
        column.clear();
    };
    let mut current = 0u64;
    for (n, &v) in s.values.iter().enumerate() {
        let c = cols.of(n as u64);
        if c != current {
            flush(current, &mut column, &mut marks);
            current = c;
        }
        let rare = s.rare.is_some_and(|sp| sp.is_rare(n as u64, v));
        column.push((rows.of(v), v, rare));
    }
    flush(current, &mut column, &mut marks);
    // Rare marks are drawn last, over the common ones.
    for rare_pass in [false, true] {
        for (x, y, colour, data, rare) in &marks {
            if *rare == rare_pass {
                scene.mark(*x, *y, mw, mh, *colour, "pt", data.clone());
            }
        }
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(scene: &Scene) -> Vec<(i64, i64, String)> {
        scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                super::super::scene::Shape::Rect {
                    x,
                    y,
                    class: "pt",
                    data,
                    ..
                } => Some((*x, *y, data.clone())),
                _ => None,
            })
            .collect()
    }

    fn plain(values: &[Nimber]) -> Scatter<'_> {
        Scatter {
            values,
            title: "t".into(),
            subtitle: "s".into(),
            period: None,
            rare: None,
            value_label: "G(n)",
        }
    }

    /// Few heaps: one mark per heap, at its own column and its value's row, in heap order.
    #[test]
    fn each_heap_is_one_mark_when_there_is_room() {
        let values = [0, 1, 2, 0, 3, 1];
        let scene = draw(&plain(&values), 400, 300);
        let m = marks(&scene);
        assert_eq!(m.len(), 6);
        for (n, (_, _, data)) in m.iter().enumerate() {
            let v = values[n];
            assert_eq!(
                data,
                &format!("data-n0=\"{n}\" data-n1=\"{n}\" data-v0=\"{v}\" data-v1=\"{v}\"")
            );
        }
        // Equal values, equal heights; larger values higher.
        assert_eq!(m[0].1, m[3].1);
        assert!(m[4].1 < m[2].1 && m[2].1 < m[1].1 && m[1].1 < m[0].1);
        assert!(m.windows(2).all(|w| w[0].0 < w[1].0));
    }

    /// Many heaps: columns hold ranges of heaps that cover 0..=N once, and every value of a column is in a mark.
    #[test]
    fn binned_columns_cover_every_heap_once() {
        let values: Vec<Nimber> = (0..100_000u64).map(|n| (n * 7 + n / 3) % 11).collect();
        let scene = draw(&plain(&values), 500, 300);
        let m = marks(&scene);
        let field = |d: &str, k: &str| -> u64 {
            let key = format!("{k}=\"");
            let i = d.find(&key).unwrap() + key.len();
            d[i..].split('"').next().unwrap().parse().unwrap()
        };
        let mut next = 0;
        let mut i = 0;
        while i < m.len() {
            let (n0, n1) = (field(&m[i].2, "data-n0"), field(&m[i].2, "data-n1"));
            assert_eq!(n0, next);
            let mut seen = std::collections::BTreeSet::new();
            while i < m.len() && field(&m[i].2, "data-n0") == n0 {
                seen.insert(field(&m[i].2, "data-v0"));
                i += 1;
            }
            let want: std::collections::BTreeSet<u64> =
                values[n0 as usize..=n1 as usize].iter().copied().collect();
            assert_eq!(seen, want, "heaps {n0}..={n1}");
            next = n1 + 1;
        }
        assert_eq!(next, values.len() as u64);
    }
}
