//! A picture as a list of shapes on a pixel grid ([`Scene`]), written as PNG (rasterised here, encoded by the pure-Rust
//! `png` crate) or as SVG (written by hand). Both come from the same list, so a mark's SVG coordinates are its PNG
//! pixels.
//!
//! Everything is integer arithmetic and the font is compiled in (Noto Sans Mono, pre-rasterised at 16 pixels by the
//! `noto-sans-mono-bitmap` crate, SIL Open Font License), so the same command gives the same file, byte for byte,
//! on every machine. The SVG names the same font for its text, with `monospace` as the fallback a viewer without it
//! uses.

use crate::error::{escape, Error, Result};
use noto_sans_mono_bitmap::{get_raster, get_raster_width, FontWeight, RasterHeight};
use std::fmt::Write as _;
use std::path::Path;

/// A picture's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// PNG, 8-bit RGB.
    Png,
    /// SVG: every mark a `<rect>` with the attributes that say what it stands for.
    Svg,
}

impl Format {
    /// The format a file's extension names (`.png` or `.svg`, in any case); an [`crate::ErrorKind::Input`] error
    /// naming the file for any other.
    pub fn of(file: &Path) -> Result<Format> {
        let ext = file
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            _ => Err(Error::input(format!(
                "{}: the picture's file must end in .png or .svg",
                escape(&file.to_string_lossy())
            ))),
        }
    }

    /// The format's name, as `--json` prints it: `png` or `svg`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// A colour: red, green and blue, 0..=255 each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// `#rrggbb`, as SVG writes it.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Perceived brightness, 0..=255 (integer Rec. 601 weights).
    pub fn luma(self) -> u32 {
        (299 * self.0 as u32 + 587 * self.1 as u32 + 114 * self.2 as u32) / 1000
    }
}

/// Where a text's `x` is: its left end, middle or right end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the text's left end.
    Start,
    /// `x` is the text's middle.
    Middle,
    /// `x` is the text's right end.
    End,
}

/// One shape. Coordinates are pixels from the top-left corner; a rectangle covers `x..x+w` × `y..y+h`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A filled rectangle; `class` and `data` (SVG attributes, e.g. `data-n0="3"`) let a program read the marks
    /// of an SVG back.
    Rect {
        /// The left edge.
        x: i64,
        /// The top edge.
        y: i64,
        /// The width.
        w: i64,
        /// The height.
        h: i64,
        /// The colour.
        fill: Rgb,
        /// The SVG class (`pt`, `cell`), empty for none.
        class: &'static str,
        /// SVG attributes written as they are (`data-n0="3" data-n1="3"`), empty for none.
        data: String,
    },
    /// A line of text whose box's top edge is `y` (the font's line is [`LINE`] pixels high).
    Text {
        /// Where the text is anchored across.
        x: i64,
        /// The top of its line.
        y: i64,
        /// The text (one line).
        text: String,
        /// The colour.
        fill: Rgb,
        /// Which point of the text `x` is.
        anchor: Anchor,
    },
}

/// The font's line height in pixels.
pub const LINE: i64 = 16;
const SIZE: RasterHeight = RasterHeight::Size16;
const WEIGHT: FontWeight = FontWeight::Regular;

/// The width of `text` in pixels (the font is monospaced).
pub fn text_width(text: &str) -> i64 {
    (text.chars().count() * get_raster_width(WEIGHT, SIZE)) as i64
}

/// `text` cut to at most `px` pixels wide, ending in `...` when it was cut (the whole text is in the SVG's title
/// and in the command's output).
pub(crate) fn fit(text: &str, px: i64) -> String {
    if text_width(text) <= px {
        return text.to_string();
    }
    let cw = get_raster_width(WEIGHT, SIZE) as i64;
    let keep = (px / cw - 3).max(0) as usize;
    let mut s: String = text.chars().take(keep).collect();
    s.push_str("...");
    s
}

/// A picture: its size, background and shapes, drawn in order. [`Scene::to_png`] and [`Scene::to_svg`] write it;
/// the same scene gives the same bytes on every machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    /// The width in pixels.
    pub width: u32,
    /// The height in pixels.
    pub height: u32,
    /// The colour under the shapes.
    pub background: Rgb,
    /// The shapes, back to front.
    pub shapes: Vec<Shape>,
    /// The SVG's `<title>`.
    pub title: String,
}

impl Scene {
    /// An empty white picture of `width` × `height` pixels titled `title`.
    pub fn new(width: u32, height: u32, title: String) -> Self {
        Scene {
            width,
            height,
            background: Rgb::WHITE,
            shapes: Vec::new(),
            title,
        }
    }

    /// A rectangle with no data attributes.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, fill: Rgb) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            class: "",
            data: String::new(),
        });
    }

    /// A mark: a rectangle with a class and data attributes.
    #[allow(clippy::too_many_arguments)]
    pub fn mark(
        &mut self,
        x: i64,
        y: i64,
        w: i64,
        h: i64,
        fill: Rgb,
        class: &'static str,
        data: String,
    ) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            class,
            data,
        });
    }

    /// A line of text in the compiled-in font.
    pub fn text(&mut self, x: i64, y: i64, text: impl Into<String>, fill: Rgb, anchor: Anchor) {
        self.shapes.push(Shape::Text {
            x,
            y,
            text: text.into(),
            fill,
            anchor,
        });
    }

    /// A dashed vertical line at `x` from `y0` to `y1` (dashes of 4 pixels, gaps of 3).
    pub fn dashed_vline(&mut self, x: i64, y0: i64, y1: i64, fill: Rgb) {
        let mut y = y0;
        while y < y1 {
            self.rect(x, y, 1, 4.min(y1 - y), fill);
            y += 7;
        }
    }

    /// The picture as RGB pixels, row by row.
    pub fn raster(&self) -> Vec<u8> {
        let (w, h) = (self.width as i64, self.height as i64);
        let mut px = Vec::with_capacity((w * h * 3) as usize);
        for _ in 0..w * h {
            px.extend_from_slice(&[self.background.0, self.background.1, self.background.2]);
        }
        for s in &self.shapes {
            match s {
                Shape::Rect {
                    x,
                    y,
                    w: rw,
                    h: rh,
                    fill,
                    ..
                } => {
                    let (x0, x1) = ((*x).max(0), (x + rw).min(w));
                    let (y0, y1) = ((*y).max(0), (y + rh).min(h));
                    for yy in y0..y1 {
                        for xx in x0..x1 {
                            let i = ((yy * w + xx) * 3) as usize;
                            px[i..i + 3].copy_from_slice(&[fill.0, fill.1, fill.2]);
                        }
                    }
                }
                Shape::Text {
                    x,
                    y,
                    text,
                    fill,
                    anchor,
                } => {
                    let tw = text_width(text);
                    let mut cx = match anchor {
                        Anchor::Start => *x,
                        Anchor::Middle => x - tw / 2,
                        Anchor::End => x - tw,
                    };
                    let cw = get_raster_width(WEIGHT, SIZE) as i64;
                    for c in text.chars() {
                        let glyph =
                            get_raster(c, WEIGHT, SIZE).or_else(|| get_raster('?', WEIGHT, SIZE));
                        if let Some(g) = glyph {
                            for (gy, row) in g.rows().enumerate() {
                                for (gx, &a) in row.iter().enumerate() {
                                    let (xx, yy) = (cx + gx as i64, y + gy as i64);
                                    if a == 0 || xx < 0 || yy < 0 || xx >= w || yy >= h {
                                        continue;
                                    }
                                    let i = ((yy * w + xx) * 3) as usize;
                                    let a = a as u32;
                                    for (k, f) in [fill.0, fill.1, fill.2].into_iter().enumerate() {
                                        let b = px[i + k] as u32;
                                        px[i + k] =
                                            ((b * (255 - a) + f as u32 * a + 127) / 255) as u8;
                                    }
                                }
                            }
                        }
                        cx += cw;
                    }
                }
            }
        }
        px
    }

    /// The picture as a PNG file (8-bit RGB).
    pub fn to_png(&self) -> Result<Vec<u8>> {
        let fail = |e: png::EncodingError| Error::input(format!("PNG: {e}"));
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_compression(png::Compression::Balanced);
            let mut w = enc.write_header().map_err(fail)?;
            w.write_image_data(&self.raster()).map_err(fail)?;
            w.finish().map_err(fail)?;
        }
        Ok(out)
    }

    /// The picture's file in `format`.
    pub fn encode(&self, format: Format) -> Result<Vec<u8>> {
        match format {
            Format::Png => self.to_png(),
            Format::Svg => Ok(self.to_svg().into_bytes()),
        }
    }

    /// Writes the picture to `file` in the format its extension names ([`Format::of`]), and returns the format.
    /// Nothing is written when the extension names no format.
    pub fn save(&self, file: &Path) -> Result<Format> {
        let format = Format::of(file)?;
        std::fs::write(file, self.encode(format)?)
            .map_err(|e| Error::input(format!("{}: {e}", escape(&file.to_string_lossy()))))?;
        Ok(format)
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             shape-rendering=\"crispEdges\">",
            w = self.width,
            h = self.height
        );
        let _ = writeln!(s, "<title>{}</title>", escape_xml(&self.title));
        let _ = writeln!(
            s,
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            self.width,
            self.height,
            self.background.hex()
        );
        let _ = writeln!(
            s,
            "<g font-family=\"Noto Sans Mono, monospace\" font-size=\"13\">"
        );
        for shape in &self.shapes {
            match shape {
                Shape::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    class,
                    data,
                } => {
                    let _ = write!(s, "<rect");
                    if !class.is_empty() {
                        let _ = write!(s, " class=\"{class}\"");
                    }
                    let _ = write!(
                        s,
                        " x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"",
                        fill.hex()
                    );
                    if !data.is_empty() {
                        let _ = write!(s, " {data}");
                    }
                    let _ = writeln!(s, "/>");
                }
                Shape::Text {
                    x,
                    y,
                    text,
                    fill,
                    anchor,
                } => {
                    let a = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    // The raster font's baseline is 12 pixels below the top of its 16-pixel line.
                    let _ = writeln!(
                        s,
                        "<text x=\"{x}\" y=\"{}\" fill=\"{}\" text-anchor=\"{a}\">{}</text>",
                        y + 12,
                        fill.hex(),
                        escape_xml(text)
                    );
                }
            }
        }
        s.push_str("</g>\n</svg>\n");
        s
    }
}

/// Text as XML character data or an attribute value.
pub(crate) fn escape_xml(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "&#x{:x};", c as u32);
            }
            c => s.push(c),
        }
    }
    s
}

/// "Nice" tick positions in `0..=max`: multiples of 1, 2 or 5 times a power of ten, the smallest such step that
/// keeps at most `most` ticks.
pub(crate) fn ticks(max: u64, most: u64) -> Vec<u64> {
    let most = most.max(1);
    let mut step = 1u64;
    'outer: loop {
        for m in [1u64, 2, 5] {
            let s = step.saturating_mul(m);
            if max / s < most {
                step = s;
                break 'outer;
            }
        }
        step = step.saturating_mul(10);
    }
    (0..=max / step).map(|k| k * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_few() {
        assert_eq!(ticks(10, 11), (0..=10).collect::<Vec<_>>());
        assert_eq!(ticks(100, 6), [0, 20, 40, 60, 80, 100]);
        assert_eq!(
            ticks(1_000_000, 6),
            [0, 200_000, 400_000, 600_000, 800_000, 1_000_000]
        );
        assert_eq!(ticks(7, 3), [0, 5]);
        assert_eq!(ticks(0, 5), [0]);
        assert!(ticks(u64::MAX, 5).len() <= 5);
    }

    #[test]
    fn a_rectangle_is_the_same_pixels_in_both_formats() {
        let mut s = Scene::new(10, 6, "t".into());
        s.mark(2, 1, 3, 2, Rgb(255, 0, 0), "pt", "data-n0=\"1\"".into());
        s.rect(-5, 5, 100, 9, Rgb(0, 0, 255));
        let px = s.raster();
        let at = |x: usize, y: usize| &px[(y * 10 + x) * 3..(y * 10 + x) * 3 + 3];
        assert_eq!(at(2, 1), [255, 0, 0]);
        assert_eq!(at(4, 2), [255, 0, 0]);
        assert_eq!(at(5, 2), [255, 255, 255]);
        assert_eq!(at(0, 5), [0, 0, 255]);
        let svg = s.to_svg();
        assert!(svg.contains("<rect class=\"pt\" x=\"2\" y=\"1\" width=\"3\" height=\"2\" fill=\"#ff0000\" data-n0=\"1\"/>"));
        assert!(s.to_png().unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    }

    #[test]
    fn text_is_drawn_and_escaped() {
        let mut s = Scene::new(60, 20, "a<b".into());
        s.text(30, 2, "G(n)", Rgb::BLACK, Anchor::Middle);
        assert!(s.raster().iter().any(|&b| b < 128));
        let svg = s.to_svg();
        assert!(svg.contains("<title>a&lt;b</title>"));
        assert!(svg.contains(">G(n)</text>"));
        assert_eq!(escape_xml("\"&\n"), "&quot;&amp;&#xa;");
        // "misère" is drawn with its own è (the font's Latin-1 range is compiled in), not the '?' of a missing glyph.
        let pixels = |t: &str| {
            let mut s = Scene::new(20, 20, String::new());
            s.text(0, 0, t, Rgb::BLACK, Anchor::Start);
            s.raster()
        };
        assert_ne!(pixels("è"), pixels("?"));
        assert_ne!(pixels("è"), pixels(" "));
        assert_eq!(fit("abc", 100), "abc");
        let cut = fit(&"x".repeat(100), 80);
        assert!(cut.ends_with("...") && text_width(&cut) <= 80);
    }
}
