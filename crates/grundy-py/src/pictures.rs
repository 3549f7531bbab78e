//! Pictures for notebooks: the library's scenes (`grundy::analysis::picture`, the ones `grundy plot` draws) as a
//! Python object with its SVG, its PNG and what it shows.

use super::{err, to_json, InputError};
use grundy::analysis::picture::Summary;
use grundy::analysis::picture::{self, Scene, SequenceStyle, Size};
use grundy::analysis::table::{Span, Table};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A picture: the library's scene, with the JSON of what it shows (`grundy plot --json` without the file).
#[pyclass(frozen, module = "grundy._grundy", name = "NativePicture")]
pub struct NativePicture {
    scene: Scene,
    summary: serde_json::Value,
}

impl NativePicture {
    pub fn new(scene: Scene, summary: serde_json::Value) -> Self {
        NativePicture { scene, summary }
    }
}

#[pymethods]
impl NativePicture {
    /// The picture as an SVG document.
    fn svg(&self) -> String {
        self.scene.to_svg()
    }

    /// The picture as PNG bytes.
    fn png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.scene.to_png().map_err(err)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Writes the picture to `path`, PNG or SVG by its extension; returns the format's name.
    fn save(&self, path: std::path::PathBuf) -> PyResult<&'static str> {
        Ok(self.scene.save(&path).map_err(err)?.name())
    }

    /// What the picture shows, as `grundy plot --json` says it (without the file and its format).
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        super::json_to_py(py, &self.summary)
    }
}

/// A picture and its summary as the Python object.
pub fn native(plot: picture::Plot) -> PyResult<NativePicture> {
    let summary: &Summary = &plot.summary;
    Ok(NativePicture::new(
        plot.scene,
        to_json(summary).map_err(err)?,
    ))
}

/// A picture's size from the caller's width and height (each side's default when not given).
pub fn size(width: Option<u32>, height: Option<u32>, default: Size) -> PyResult<Size> {
    Size::new(
        width.unwrap_or(default.width),
        height.unwrap_or(default.height),
    )
    .map_err(err)
}

/// The picture of a table the caller already has (a `grundy.Table`'s fields): the heatmap of a game of two
/// numbers, or the scatter of a sequence from heap 0.
#[pyfunction]
#[pyo3(signature = (game, rows, cols, values, p_positions, width = None, height = None))]
#[allow(clippy::too_many_arguments)]
pub fn table_picture(
    game: String,
    rows: (u64, u64),
    cols: Option<(u64, u64)>,
    values: Vec<Vec<Option<u64>>>,
    p_positions: Vec<Vec<u64>>,
    width: Option<u32>,
    height: Option<u32>,
) -> PyResult<NativePicture> {
    let rows = Span::new(rows.0, rows.1).map_err(err)?;
    let cols = cols
        .map(|(a, b)| Span::new(a, b))
        .transpose()
        .map_err(err)?;
    if values.len() as u64 != rows.to - rows.from + 1
        || cols.is_some_and(|c| values.iter().any(|r| r.len() as u64 != c.to - c.from + 1))
    {
        return Err(InputError::new_err(
            "table_picture: the values are not one row per row and one column per column",
        ));
    }
    let Some(_) = cols else {
        // One number per position: the scatter of the sequence, which starts at heap 0.
        if rows.from != 0 {
            return Err(InputError::new_err(
                "a sequence is drawn from heap 0: this table starts later",
            ));
        }
        let seq: Option<Vec<u64>> = values
            .iter()
            .map(|r| r.first().copied().flatten())
            .collect();
        let seq = seq.ok_or_else(|| {
            InputError::new_err("a sequence is drawn where every heap has a value")
        })?;
        let mut style = SequenceStyle::new(&game, seq.len() as u64, None);
        style.size = size(width, height, Size::SEQUENCE)?;
        let scene = picture::sequence(&seq, None, &style).map_err(err)?;
        return Ok(NativePicture::new(scene, serde_json::Value::Null));
    };
    let t = Table {
        game,
        parameters: 2,
        rows,
        cols,
        values,
        p_positions,
        slice: None,
        stopped: None,
    };
    let scene = picture::table(&t, size(width, height, Size::TABLE)?).map_err(err)?;
    let summary =
        serde_json::json!({"kind": "table", "game": t.game, "p_positions": t.p_positions.len()});
    Ok(NativePicture::new(scene, summary))
}
