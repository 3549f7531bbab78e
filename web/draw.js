// The explorer's pictures, as SVG text: a heap game's nim-values as a scatter plot (the preperiod and each period
// after it marked) and a table as a heatmap (P-positions marked), as `grundy plot` draws them. Every mark carries
// its numbers as data attributes (data-n and data-v on a point; data-a, data-b and data-v on a cell), so a test can
// read what was drawn. A scatter of more than SVG_POINTS heaps is drawn on a canvas instead (one SVG element per
// heap would stall the page).

/** The most heaps a scatter draws as SVG marks. */
export const SVG_POINTS = 5000;

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** A colour for nim-value `v` of at most `max`: dark blue (small) to yellow (large), as a perceptual ramp. */
export function colour(v, max) {
  const stops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  const t = max > 0 ? Math.min(1, v / max) : 0;
  const x = t * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const c = stops[i].map((a, k) => Math.round(a + f * (stops[i + 1][k] - a)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/**
 * The scatter of `seq` ({game, values}): heap n across, nim-value up. With `period` (grundy period's report), a
 * dashed line at the preperiod and light bands for each period after it.
 */
export function scatterSvg(seq, period) {
  const values = seq.values;
  const W = 1000;
  const H = 420;
  const m = { l: 48, r: 16, t: 28, b: 40 };
  const n = values.length;
  const vmax = Math.max(1, ...values);
  const x = (i) => m.l + (n <= 1 ? 0 : (i / (n - 1)) * (W - m.l - m.r));
  const y = (v) => H - m.b - (v / vmax) * (H - m.t - m.b);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="nim-values of ${esc(seq.game)}" data-kind="scatter">`];
  out.push(`<text x="${m.l}" y="18" font-size="14" fill="#1d2330">${esc(seq.game)}: nim-values G(n), n = 0..${n - 1}</text>`);
  if (period && period.period) {
    const pre = period.preperiod;
    const p = period.period;
    for (let s = pre, k = 0; s < n; s += p, k++) {
      const w = Math.max(0, x(Math.min(n - 1, s + p)) - x(s));
      if (k % 2 === 0) out.push(`<rect class="period" x="${x(s).toFixed(1)}" y="${m.t}" width="${w.toFixed(1)}" height="${H - m.t - m.b}" fill="#e8eefc"/>`);
    }
    if (pre < n) {
      out.push(`<line class="preperiod" data-n="${pre}" x1="${x(pre).toFixed(1)}" x2="${x(pre).toFixed(1)}" y1="${m.t}" y2="${H - m.b}" stroke="#b3362b" stroke-dasharray="5 4"/>`);
      out.push(`<text x="${(x(pre) + 4).toFixed(1)}" y="${m.t + 12}" font-size="12" fill="#b3362b">preperiod ${pre}, period ${p}</text>`);
    }
  }
  // Axes and ticks.
  out.push(`<line x1="${m.l}" x2="${W - m.r}" y1="${H - m.b}" y2="${H - m.b}" stroke="#5b6475"/>`);
  out.push(`<line x1="${m.l}" x2="${m.l}" y1="${m.t}" y2="${H - m.b}" stroke="#5b6475"/>`);
  const step = niceStep(n - 1, 10);
  for (let i = 0; i < n; i += step) out.push(`<text x="${x(i).toFixed(1)}" y="${H - m.b + 16}" font-size="11" text-anchor="middle" fill="#5b6475">${i}</text>`);
  const vstep = niceStep(vmax, 6);
  for (let v = 0; v <= vmax; v += vstep) out.push(`<text x="${m.l - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="#5b6475">${v}</text>`);
  out.push(`<text x="${W / 2}" y="${H - 6}" font-size="12" text-anchor="middle" fill="#5b6475">heap n</text>`);
  const r = n > 2000 ? 1.2 : n > 500 ? 2 : 3;
  values.forEach((v, i) => {
    out.push(`<circle class="point" data-n="${i}" data-v="${v}" cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${r}" fill="${v === 0 ? '#b3362b' : '#2f5fd0'}"/>`);
  });
  out.push('</svg>');
  return out.join('');
}

/**
 * The scatter of a long sequence on a canvas (heaps binned by pixel column; a pixel is set for each value met
 * there), with the same frame, preperiod line and period bands as the SVG. Returns the canvas element.
 */
export function scatterCanvas(seq, period) {
  const values = seq.values;
  const n = values.length;
  const W = 1000;
  const H = 420;
  const m = { l: 48, r: 16, t: 28, b: 40 };
  const c = document.createElement('canvas');
  c.width = W;
  c.height = H;
  c.dataset.kind = 'scatter-canvas';
  c.setAttribute('aria-label', `nim-values of ${seq.game}, n = 0..${n - 1}`);
  const g = c.getContext('2d');
  g.fillStyle = 'white';
  g.fillRect(0, 0, W, H);
  const vmax = values.reduce((a, v) => (v > a ? v : a), 1);
  const x = (i) => m.l + (i / Math.max(1, n - 1)) * (W - m.l - m.r);
  const y = (v) => H - m.b - (v / vmax) * (H - m.t - m.b);
  if (period && period.period && period.preperiod < n) {
    g.strokeStyle = '#b3362b';
    g.setLineDash([5, 4]);
    g.beginPath();
    g.moveTo(x(period.preperiod), m.t);
    g.lineTo(x(period.preperiod), H - m.b);
    g.stroke();
    g.setLineDash([]);
    g.fillStyle = '#b3362b';
    g.font = '12px sans-serif';
    g.fillText(`preperiod ${period.preperiod}, period ${period.period}`, x(period.preperiod) + 4, m.t + 12);
  }
  g.strokeStyle = '#5b6475';
  g.beginPath();
  g.moveTo(m.l, m.t);
  g.lineTo(m.l, H - m.b);
  g.lineTo(W - m.r, H - m.b);
  g.stroke();
  g.fillStyle = '#1d2330';
  g.font = '14px sans-serif';
  g.fillText(`${seq.game}: nim-values G(n), n = 0..${n - 1}`, m.l, 18);
  g.fillStyle = '#5b6475';
  g.font = '11px sans-serif';
  g.textAlign = 'center';
  const step = niceStep(n - 1, 8);
  for (let i = 0; i < n; i += step) {
    g.textAlign = x(i) > W - 40 ? 'right' : 'center';
    g.fillText(i.toLocaleString('en'), Math.min(x(i), W - 2), H - m.b + 16);
  }
  g.textAlign = 'right';
  const vstep = niceStep(vmax, 6);
  for (let v = 0; v <= vmax; v += vstep) g.fillText(String(v), m.l - 6, y(v) + 4);
  g.fillStyle = '#2f5fd0';
  for (let i = 0; i < n; i++) g.fillRect(Math.round(x(i)), Math.round(y(values[i])) - 1, 1, 2);
  return c;
}

function niceStep(range, ticks) {
  const raw = Math.max(1, range / ticks);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const k of [1, 2, 5, 10]) if (k * p >= raw) return k * p;
  return 10 * p;
}

/**
 * The heatmap of `table` (grundy table's JSON): one cell per position, coloured by nim-value, each P-position
 * marked with a white ring; a one-parameter table is one row.
 */
export function heatmapSvg(table) {
  const two = table.parameters === 2;
  const grid = two ? table.values : [table.values.map((r) => r[0])];
  const rows = grid.length;
  const cols = Math.max(...grid.map((r) => r.length));
  const cell = Math.max(6, Math.min(34, Math.floor(900 / Math.max(cols, 1))));
  const m = { l: 44, t: 44 };
  const W = m.l + cols * cell + 16;
  const H = m.t + rows * cell + 16;
  let vmax = 1;
  for (const r of grid) for (const v of r) if (v !== null && v > vmax) vmax = v;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="table of ${esc(table.game)}" data-kind="heatmap">`];
  out.push(`<text x="${m.l}" y="16" font-size="14" fill="#1d2330">${esc(table.game)}: ${two ? 'G(a, b); a down, b across' : 'G(n)'}; P-positions ringed</text>`);
  const rowFrom = table.rows.from;
  const colFrom = two ? table.cols.from : table.rows.from;
  const label = cell >= 14;
  for (let j = 0; j < cols; j++) {
    if (label || j % 5 === 0) out.push(`<text x="${m.l + j * cell + cell / 2}" y="${m.t - 6}" font-size="10" text-anchor="middle" fill="#5b6475">${colFrom + j}</text>`);
  }
  grid.forEach((row, i) => {
    if (two && (label || i % 5 === 0)) out.push(`<text x="${m.l - 6}" y="${m.t + i * cell + cell / 2 + 4}" font-size="10" text-anchor="end" fill="#5b6475">${rowFrom + i}</text>`);
    row.forEach((v, j) => {
      const a = two ? rowFrom + i : rowFrom + j;
      const b = two ? colFrom + j : '';
      const px = m.l + j * cell;
      const py = m.t + i * cell;
      if (v === null) {
        out.push(`<rect class="cell none" data-a="${a}" data-b="${b}" x="${px}" y="${py}" width="${cell}" height="${cell}" fill="#f3f4f8"/>`);
        return;
      }
      out.push(`<rect class="cell" data-a="${a}" data-b="${b}" data-v="${v}" x="${px}" y="${py}" width="${cell}" height="${cell}" fill="${colour(v, vmax)}"><title>G(${two ? `${a}, ${b}` : a}) = ${v}</title></rect>`);
      if (v === 0) out.push(`<circle class="p-position" data-a="${a}" data-b="${b}" cx="${px + cell / 2}" cy="${py + cell / 2}" r="${(cell * 0.3).toFixed(1)}" fill="none" stroke="white" stroke-width="${cell >= 14 ? 2 : 1}"/>`);
      else if (label && cell >= 22) out.push(`<text x="${px + cell / 2}" y="${py + cell / 2 + 4}" font-size="10" text-anchor="middle" fill="${v / vmax > 0.6 ? '#1d2330' : 'white'}">${v}</text>`);
    });
  });
  out.push('</svg>');
  return out.join('');
}
