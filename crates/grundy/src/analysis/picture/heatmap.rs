//! The heatmap of a game whose positions are named by two numbers: the cell in row `a`, column `b` is coloured by
//! `G(a, b)`. P-positions (nim-value 0) are black, numbers that name no position light grey, nim-values `1 … M` a
//! colour ramp from blue to red; a legend on the right reads the colours. Cells large enough show their value.
//! Each cell is an SVG `<rect class="cell">` with `data-a`, `data-b` and `data-v` (`none` for no position).

use super::scene::{fit, text_width, Anchor, Rgb, Scene, LINE};
use crate::error::{Error, Remedy, Result};
use crate::nimber::Nimber;

/// A table of values: rows `a0..=a1`, columns `b0..=b1`, row by row.
pub struct Table {
    pub rows: (u64, u64),
    pub cols: (u64, u64),
    pub values: Vec<Option<Nimber>>,
    pub title: String,
    pub subtitle: String,
}

pub const P_POSITION: Rgb = Rgb(0, 0, 0);
pub const NO_POSITION: Rgb = Rgb(222, 222, 222);
const INK: Rgb = Rgb(40, 40, 40);
const LEGEND: i64 = 170;
const TOP: i64 = 70;

/// The colour ramp's stops (blue, teal, light green, orange, red).
const STOPS: [Rgb; 5] = [
    Rgb(44, 123, 182),
    Rgb(0, 166, 153),
    Rgb(171, 221, 164),
    Rgb(253, 174, 97),
    Rgb(215, 25, 28),
];

/// The colour of nim-value `v` when the largest is `largest`.
pub fn colour(v: Option<Nimber>, largest: Nimber) -> Rgb {
    let v = match v {
        None => return NO_POSITION,
        Some(0) => return P_POSITION,
        Some(v) => v,
    };
    if largest <= 1 {
        return STOPS[0];
    }
    // t = (v − 1) / (largest − 1) in 1/1000ths of the four segments.
    let t = ((v - 1) as u128 * 4000 / (largest - 1) as u128) as u64;
    let (seg, f) = (
        (t / 1000).min(3) as usize,
        if t >= 4000 { 1000 } else { t % 1000 },
    );
    let (a, b) = (STOPS[seg], STOPS[seg + 1]);
    let mix = |x: u8, y: u8| ((x as u64 * (1000 - f) + y as u64 * f + 500) / 1000) as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The size of one cell in pixels on a `width` × `height` picture, or an error when the table does not fit
/// ([`Remedy::LargerPicture`]).
pub fn cell_size(rows: u64, cols: u64, a1: u64, width: u32, height: u32) -> Result<i64> {
    let left = left_margin(a1);
    let pw = width as i64 - left - LEGEND;
    let ph = height as i64 - TOP - 12;
    let count = |k: u64| i64::try_from(k.max(1)).unwrap_or(i64::MAX);
    let cs = (pw / count(cols)).min(ph / count(rows));
    if cs < 1 {
        return Err(Error::input(format!(
            "a table of {rows} x {cols} cells does not fit a picture of {width}x{height} pixels, one pixel per cell \
             at least"
        ))
        .with_remedy(Remedy::LargerPicture));
    }
    Ok(cs)
}

fn left_margin(a1: u64) -> i64 {
    16 + text_width(&a1.to_string()).max(text_width("a")) + 8
}

/// The row and column numbers of the table drawn with cells of `cs` pixels from `left`: every k-th, so that they
/// do not overlap.
fn numbers(scene: &mut Scene, t: &Table, left: i64, cs: i64, nrows: u64, ncols: u64) {
    let label_w = text_width(&t.cols.1.to_string()) + 6;
    let col_step = ((label_w + cs - 1) / cs).max(1) as u64;
    let row_step = ((LINE + cs - 1) / cs).max(1) as u64;
    scene.text(left - 8, TOP - 20, "a\\b", INK, Anchor::End);
    for j in (0..ncols).step_by(col_step as usize) {
        let x = left + j as i64 * cs + cs / 2;
        scene.text(x, TOP - 20, (t.cols.0 + j).to_string(), INK, Anchor::Middle);
    }
    for i in (0..nrows).step_by(row_step as usize) {
        let y = TOP + i as i64 * cs + cs / 2 - LINE / 2;
        scene.text(left - 8, y, (t.rows.0 + i).to_string(), INK, Anchor::End);
    }
}

/// Draws the table; `cell_size` must have accepted its dimensions.
pub fn draw(t: &Table, width: u32, height: u32) -> Result<Scene> {
    let nrows = t.rows.1 - t.rows.0 + 1;
    let ncols = t.cols.1 - t.cols.0 + 1;
    let cs = cell_size(nrows, ncols, t.rows.1, width, height)?;
    let left = left_margin(t.rows.1);
    let mut scene = Scene::new(width, height, format!("{} ({})", t.title, t.subtitle));
    let room = width as i64 - 32;
    scene.text(16, 6, fit(&t.title, room), INK, Anchor::Start);
    scene.text(16, 26, fit(&t.subtitle, room), INK, Anchor::Start);
    let largest = t.values.iter().flatten().copied().max().unwrap_or(0);

    numbers(&mut scene, t, left, cs, nrows, ncols);

    // The cells, and their values where they fit.
    let digits = text_width(&largest.to_string());
    let labelled = cs >= 18 && cs >= digits + 4;
    for i in 0..nrows {
        for j in 0..ncols {
            let v = t.values[(i * ncols + j) as usize];
            let (x, y) = (left + j as i64 * cs, TOP + i as i64 * cs);
            let fill = colour(v, largest);
            let shown = v.map_or("none".to_string(), |v| v.to_string());
            scene.mark(
                x,
                y,
                cs,
                cs,
                fill,
                "cell",
                format!(
                    "data-a=\"{}\" data-b=\"{}\" data-v=\"{shown}\"",
                    t.rows.0 + i,
                    t.cols.0 + j
                ),
            );
            if labelled {
                if let Some(v) = v {
                    let ink = if fill.luma() < 140 {
                        Rgb::WHITE
                    } else {
                        Rgb::BLACK
                    };
                    scene.text(
                        x + cs / 2,
                        y + (cs - LINE) / 2,
                        v.to_string(),
                        ink,
                        Anchor::Middle,
                    );
                }
            }
        }
    }

    // The legend.
    let lx = left + ncols as i64 * cs + 24;
    let mut y = TOP;
    scene.text(lx, y, "nim-value", INK, Anchor::Start);
    y += 22;
    let swatch = |scene: &mut Scene, y: i64, fill: Rgb, words: String| {
        scene.rect(lx, y + 2, 12, 12, fill);
        scene.text(lx + 18, y, words, INK, Anchor::Start);
    };
    swatch(&mut scene, y, P_POSITION, "0  P-position".into());
    y += 20;
    if largest <= 16 {
        for v in 1..=largest {
            swatch(&mut scene, y, colour(Some(v), largest), v.to_string());
            y += 18;
        }
    } else {
        // A bar of the ramp, 1 at the top and the largest at the bottom.
        let bar = 160;
        for k in 0..bar {
            let v = 1 + (k as u64 * (largest - 1)) / (bar as u64 - 1);
            scene.rect(lx, y + k, 12, 1, colour(Some(v), largest));
        }
        scene.text(lx + 18, y - 2, "1", INK, Anchor::Start);
        scene.text(
            lx + 18,
            y + bar - LINE + 2,
            largest.to_string(),
            INK,
            Anchor::Start,
        );
        y += bar + 8;
    }
    if t.values.iter().any(Option::is_none) {
        swatch(&mut scene, y, NO_POSITION, "no position".into());
    }
    Ok(scene)
}

#[cfg(test)]
mod tests {
    use super::super::scene::Shape;
    use super::*;

    /// The table of Wythoff's game 0..=7 × 0..=7 from its own definition (the mex over the row, the column and the
    /// diagonal), drawn from the plain grid: every cell carries its numbers and value, P-positions are black.
    #[test]
    fn a_grid_of_values_is_drawn_cell_by_cell() {
        let n = 8usize;
        let mut g = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = std::collections::BTreeSet::new();
                (0..a).for_each(|x| {
                    seen.insert(g[x][b]);
                });
                (0..b).for_each(|y| {
                    seen.insert(g[a][y]);
                });
                (1..=a.min(b)).for_each(|k| {
                    seen.insert(g[a - k][b - k]);
                });
                g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
            }
        }
        let mut values: Vec<Option<Nimber>> = g.iter().flatten().map(|&v| Some(v)).collect();
        values[0] = None;
        let t = Table {
            rows: (0, 7),
            cols: (0, 7),
            values,
            title: "wythoff".into(),
            subtitle: "".into(),
        };
        let scene = draw(&t, 400, 300).unwrap();
        let cells: Vec<(Rgb, String)> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect {
                    class: "cell",
                    fill,
                    data,
                    ..
                } => Some((*fill, data.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(cells.len(), 64);
        assert_eq!(
            cells[0],
            (
                NO_POSITION,
                "data-a=\"0\" data-b=\"0\" data-v=\"none\"".into()
            )
        );
        // (1, 2) and (2, 1) are Wythoff's first P-positions after (0, 0).
        assert_eq!(
            cells[8 + 2],
            (P_POSITION, "data-a=\"1\" data-b=\"2\" data-v=\"0\"".into())
        );
        assert_eq!(cells[2 * 8 + 1].0, P_POSITION);
        for (k, (fill, data)) in cells.iter().enumerate().skip(1) {
            let v = g[k / 8][k % 8];
            assert!(data.ends_with(&format!("data-v=\"{v}\"")), "{data}");
            assert_eq!(*fill == P_POSITION, v == 0);
        }
    }

    #[test]
    fn the_ramp_runs_from_blue_to_red() {
        assert_eq!(colour(Some(1), 9), STOPS[0]);
        assert_eq!(colour(Some(9), 9), STOPS[4]);
        assert_eq!(colour(Some(5), 9), STOPS[2]);
        assert_eq!(colour(Some(1), 1), STOPS[0]);
        assert_eq!(colour(Some(u64::MAX), u64::MAX), STOPS[4]);
        assert!(cell_size(1000, 1000, 999, 400, 300).is_err());
        assert!(cell_size(u64::MAX, 3, u64::MAX, 8192, 8192).is_err());
        assert_eq!(cell_size(10, 10, 9, 1000, 800).unwrap(), 71);
        let e = cell_size(1000, 1000, 999, 400, 300).unwrap_err();
        assert_eq!(e.remedies(), [Remedy::LargerPicture]);
        assert!(!e.to_string().contains("--"), "{e}");
    }
}
