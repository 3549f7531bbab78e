// The grundy explorer's page: it asks the worker (worker.js, the library compiled to WebAssembly) and draws the
// answers. Every computation runs in the worker, so the page answers while it works; Stop ends the worker and starts
// another (the rules scripts defined and the game in play are given to the new one again).
import { scatterSvg, scatterCanvas, heatmapSvg, SVG_POINTS } from './draw.js';

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------------------------
// The worker
// ---------------------------------------------------------------------------------------------------------------

let worker = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject, what}
let scripts = []; // rules texts defined, replayed in a new worker
let playLog = []; // the requests that made the game in play, replayed in a new worker

function startWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => {
    const m = e.data;
    const p = pending.get(m.id);
    if (!p) return;
    if (m.progress) {
      const [done, of] = m.progress;
      setStatus(`${p.what}: ${done.toLocaleString('en')}${of ? ` of ${of.toLocaleString('en')}` : ''}…`, true);
      return;
    }
    pending.delete(m.id);
    updateBusy();
    if (m.ok) p.resolve(m.result);
    else {
      const err = new Error(m.error.message);
      err.kind = m.error.kind;
      if (m.error.fatal) restartWorker();
      p.reject(err);
    }
  };
  worker.onerror = (e) => {
    for (const [, p] of pending) p.reject(new Error(`the worker failed: ${e.message || 'unknown error'}`));
    pending.clear();
    updateBusy();
  };
}

/** Asks the worker: `op` with `args`; resolves to the result, rejects with the library's one-line message. */
function ask(op, args = {}, what = op) {
  if (BOUNDED.has(op)) {
    const l = limits();
    if (!POSITIONS.has(op)) delete l.max_positions;
    args = { ...l, ...args };
  }
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, what });
    updateBusy(what);
    worker.postMessage({ id, op, args });
  });
}

/** The requests that take the page's limits (time, memory; positions for an analysis). */
const BOUNDED = new Set(['analyse', 'sequence', 'period', 'table', 'pattern']);
const POSITIONS = new Set(['analyse']);

/** The page's limits: seconds, bytes and positions stored (empty: the library's default), from the footer. */
function limits() {
  const seconds = Number($('limit-seconds').value);
  const mib = Number($('limit-memory').value);
  const out = {};
  if (seconds > 0) out.max_seconds = seconds;
  if (mib > 0) out.max_memory = Math.round(mib * 1048576);
  const positions = Number($('limit-positions').value);
  if (positions > 0) out.max_positions = Math.round(positions);
  return out;
}

function updateBusy(what) {
  const busy = pending.size > 0;
  $('stop').disabled = !busy;
  document.querySelector('footer').classList.toggle('busy', busy);
  if (busy && what) setStatus(`${what}…`, true);
  else if (!busy) setStatus('ready');
}

function setStatus(text) {
  $('status').textContent = text;
}

/** Ends the worker (and all its work) and starts another, with the scripts and the game in play given again. */
async function restartWorker() {
  worker.terminate();
  const stopped = [...pending.values()];
  pending.clear();
  for (const p of stopped) {
    const err = new Error('stopped');
    err.kind = 'stopped';
    p.reject(err);
  }
  startWorker();
  updateBusy();
  for (const text of scripts) await ask('define_rules', { text }).catch(() => {});
  const log = playLog;
  playLog = [];
  let ok = true;
  for (const [op, args] of log) {
    if (!ok) break;
    try {
      await ask(op, args, 'restoring the game');
      playLog.push([op, args]);
    } catch {
      ok = false;
    }
  }
  if (log.length) await refreshPlay().catch(() => {});
}

$('stop').addEventListener('click', async () => {
  await restartWorker();
  setStatus('stopped: the work was ended; the page is ready');
});

// ---------------------------------------------------------------------------------------------------------------
// The game chosen
// ---------------------------------------------------------------------------------------------------------------

let catalog = [];
let current = { spec: 'kayles', info: null };

/** Positions to start from for a game, as the command line writes them. */
function example(name, info) {
  const known = {
    nim: '3 4 5', kayles: '5 7', cram: '3x4', chomp: '3x4', wythoff: '6 9', 'dawsons-kayles': '8',
    'grundys-game': '9', staircase: '3 1 4', cutting: '3x4', 'node-kayles': 'path:6', 'fibonacci-nim': '10',
  };
  if (known[name]) return known[name];
  if (!info) return '7';
  if (info.parameters === 2) return '3 5';
  return info.heap ? '5 7' : '';
}

async function chooseGame(spec) {
  const info = await ask('game_info', { spec }, 'looking up the game');
  current = { spec, info };
  const sel = $('game-select');
  sel.value = [...sel.options].some((o) => o.value === spec) ? spec : '';
  const entry = catalog.find((e) => specOf(e) === spec || e.name === spec);
  $('game-summary').textContent = entry ? `${entry.display_name}: ${entry.summary}` : `${info.name}: ${info.syntax}`;
  const pos = example(spec, info);
  $('value-input').value = `${spec} ${pos}`.trim();
  $('play-input').value = `${spec} ${pos}`.trim();
  // A table for a game of two numbers, a sequence for a heap game.
  $('table-cols').disabled = info.parameters !== 2;
  $('seq-go').disabled = !info.heap;
  $('table-go').disabled = info.parameters === 0;
  $('pattern-go').disabled = info.parameters === 0;
}

/** What to look a catalog entry up by: its name, or for a family (`bash:K`) the example its line gives. */
function specOf(e) {
  if (!e.param) return e.name;
  const m = /e\.g\. (\S+)/.exec(`${e.spec || ''} ${e.summary}`);
  return m ? m[1].replace(/[,;.]$/, '') : e.name;
}

async function loadCatalog() {
  catalog = await ask('catalog', {}, 'reading the catalog');
  const sel = $('game-select');
  sel.innerHTML = '';
  for (const e of catalog) {
    const o = document.createElement('option');
    o.value = specOf(e);
    o.textContent = `${e.display_name} — ${e.summary}`.slice(0, 110);
    o.title = e.summary;
    sel.append(o);
  }
}

$('game-select').addEventListener('change', () => guard(chooseGame($('game-select').value)));
$('game-use').addEventListener('click', () => guard(useSpec()));
$('game-spec').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') guard(useSpec());
});

async function useSpec() {
  const spec = $('game-spec').value.trim();
  if (!spec) return;
  try {
    await chooseGame(spec);
    $('game-summary').classList.remove('error');
  } catch (err) {
    if (err.kind === 'stopped') return;
    $('game-summary').textContent = err.message;
    $('game-summary').classList.add('error');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Rules scripts
// ---------------------------------------------------------------------------------------------------------------

const SAMPLE_RULES = `// A heap game: take 1, 3 or 4 tokens from a heap.
const NAME = "take-134";
fn moves(n) {
    let out = [];
    for s in [1, 3, 4] {
        if s <= n { out.push(n - s); }
    }
    out
}
`;

$('rules-toggle').addEventListener('click', () => {
  const box = $('rules');
  box.hidden = !box.hidden;
  if (!box.hidden && !$('rules-text').value) $('rules-text').value = SAMPLE_RULES;
  gutter();
});

function gutter(bad) {
  const n = $('rules-text').value.split('\n').length;
  const g = $('rules-gutter');
  g.innerHTML = '';
  for (let i = 1; i <= n; i++) {
    const s = document.createElement('span');
    s.textContent = `${i}\n`;
    if (i === bad) s.className = 'bad';
    g.append(s);
  }
}
$('rules-text').addEventListener('input', () => gutter());

/** The line and column an error of a rules script names (`rules.rhai:3:14: ...`, `line 3, position 14`). */
export function errorPlace(message) {
  let m = /rules\.rhai:(\d+):(\d+)/.exec(message);
  if (m) return { line: +m[1], column: +m[2] };
  m = /line (\d+),? (?:column|position) (\d+)/.exec(message);
  if (m) return { line: +m[1], column: +m[2] };
  return null;
}

$('rules-define').addEventListener('click', () => guard(defineRules()));

async function defineRules() {
  const text = $('rules-text').value;
  $('rules-error').textContent = '';
  gutter();
  try {
    const r = await ask('define_rules', { text }, 'compiling the rules');
    scripts.push(text);
    await loadCatalog();
    $('game-select').value = r.name;
    await chooseGame(r.name);
    $('rules-error').textContent = '';
    $('game-summary').textContent = `${r.name} (rules script): ${r.summary}`;
  } catch (err) {
    if (err.kind === 'stopped') return;
    const at = errorPlace(err.message);
    $('rules-error').textContent = at ? `line ${at.line}, column ${at.column}: ${err.message}` : err.message;
    $('rules-error').dataset.line = at ? at.line : '';
    $('rules-error').dataset.column = at ? at.column : '';
    if (at) {
      gutter(at.line);
      selectAt($('rules-text'), at.line, at.column);
    }
  }
}

function selectAt(textarea, line, column) {
  const lines = textarea.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  textarea.focus();
  textarea.setSelectionRange(offset, offset + 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Tabs, and one place for errors
// ---------------------------------------------------------------------------------------------------------------

for (const b of document.querySelectorAll('#tabs button')) {
  b.addEventListener('click', () => {
    for (const o of document.querySelectorAll('#tabs button')) o.setAttribute('aria-selected', String(o === b));
    for (const t of document.querySelectorAll('.tab')) t.hidden = t.id !== `tab-${b.dataset.tab}`;
  });
}

/** Runs `promise`, showing its error (the library's one line) in the status bar; a stop is not an error. */
async function guard(promise, out) {
  try {
    return await promise;
  } catch (err) {
    if (err.kind === 'stopped') return undefined;
    if (out) {
      out.textContent = err.message;
      out.classList.add('error');
    }
    setStatus(`error: ${err.message}`);
    return undefined;
  }
}

/** `GAME POSITION... [+ GAME POSITION...]...`, as the command line reads it, as parts of a sum. */
export function parseSum(text) {
  const words = text.trim().split(/\s+/).filter((w) => w);
  const parts = [];
  let part = null;
  for (const w of words) {
    if (w === '+') {
      part = null;
      continue;
    }
    if (!part) {
      part = { game: w, positions: [] };
      parts.push(part);
    } else part.positions.push(w);
  }
  if (!parts.length) throw new Error('write a game and its position, e.g. kayles 5 7 (+ nim 3 for a sum)');
  return parts;
}

// ---------------------------------------------------------------------------------------------------------------
// Value
// ---------------------------------------------------------------------------------------------------------------

$('value-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const out = $('value-out');
  out.classList.remove('error');
  delete out.dataset.json;
  guard((async () => {
    const misere = $('value-misere').checked;
    const args = { parts: parseSum($('value-input').value), play: misere ? 'misere' : 'normal' };
    if ($('value-outcome').checked) args.outcome_only = true;
    const r = await ask('analyse', args, 'analysing');
    out.innerHTML = '';
    out.dataset.json = JSON.stringify(r);
    out.append(...valueLines(r, misere));
  })(), out);
});

/** The analysis in the command line's words (`grundy value`), as lines; winning moves marked. */
function valueLines(r, misere) {
  const lines = [];
  const line = (text, cls) => {
    const s = document.createElement('span');
    s.textContent = `${text}\n`;
    if (cls) s.className = cls;
    lines.push(s);
  };
  if (misere || r.method !== undefined) {
    line('misère play: whoever makes the last move loses');
    line(`position: ${(r.parts || []).map((p) => `${p.game} ${p.position}`).join(' + ')}`);
    for (const p of r.parts || []) {
      if (p.genus) line(`${p.game} ${p.position}: genus ${p.genus} (${p.tame ? 'tame' : 'not tame'})`);
    }
    if (r.misere_nim_value !== undefined && r.misere_nim_value !== null) line(`misère nim-value: ${r.misere_nim_value}`);
    if (r.method) line(`method: ${r.method}`);
    line(`outcome: ${r.outcome} (${r.outcome === 'N' ? 'the player to move wins by moving to a misère P-position' : 'the player to move loses: every move leaves a position where the opponent wins'})`);
    const moves = r.winning_moves || [];
    if (moves.length) {
      line('winning moves:');
      for (const w of moves) line(`  in ${w.game} ${w.position}: ${w.move} (leaving ${w.result})`, 'win');
    }
    return lines;
  }
  // A part answered by who wins alone ('who wins only') has no nim-value: its outcome is exact.
  const alone = r.nim_value === null;
  for (const p of r.parts) {
    line(p.nim_value === null
      ? `${p.game} ${p.position}: nim-value not computed (only who wins was asked); its outcome is exact`
      : `${p.game} ${p.position}: nim-value ${p.nim_value}`);
  }
  if (r.parts.length > 1) line(`nim-sum: ${r.parts.map((p) => p.nim_value).join(' xor ')} = ${r.nim_value}`);
  if (alone) {
    line(r.outcome === 'N'
      ? 'outcome: N (the player to move wins by moving to a P-position)'
      : 'outcome: P (the player to move loses: every move leaves a position where the opponent wins)');
  } else {
    line(r.outcome === 'N'
      ? 'outcome: N (the player to move wins by moving to a position of nim-value 0)'
      : 'outcome: P (the player to move loses: every move leaves a position of nonzero nim-value)');
  }
  if (r.winning_moves.length) {
    line('winning moves:');
    for (const w of r.winning_moves) {
      const before = r.parts[w.component].nim_value;
      line(alone
        ? `  in ${w.game} ${w.position}: ${w.move} (to a P-position)`
        : `  in ${w.game} ${w.position}: ${w.move} (its nim-value ${before} becomes ${w.value_after}, and the nim-sum becomes 0)`, 'win');
    }
    if (r.winning_move_count > r.winning_moves.length) line(`  … ${r.winning_move_count - r.winning_moves.length} more`);
  }
  // A limit stopped the listing after the values and the outcome were found: the moves above are those found.
  if (r.winning_moves_stopped) line(`winning moves: the listing stopped (${r.winning_moves_stopped}); there may be more`);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Play
// ---------------------------------------------------------------------------------------------------------------

let play = null; // the state the worker last gave: position, moves, judgement, turns, verdict
let picked = null; // a first cell picked on a Cram board: {component, r, c}

$('play-form').addEventListener('submit', (e) => {
  e.preventDefault();
  guard((async () => {
    const args = {
      parts: parseSum($('play-input').value),
      play: $('play-misere').checked ? 'misere' : 'normal',
      engine_first: $('play-engine-first').checked,
    };
    playLog = [];
    play = await ask('play_new', args, 'starting the game');
    playLog.push(['play_new', args]);
    $('play-log').innerHTML = '';
    say('');
    render();
    await engineTurn();
  })(), $('play-say'));
});

async function refreshPlay() {
  play = await ask('play_state', {}, 'judging the position');
  render();
}

function say(text, cls = '') {
  $('play-say').textContent = text;
  $('play-say').className = `say ${cls}`;
}

function logTurn(text, cls) {
  const li = document.createElement('li');
  li.textContent = text;
  if (cls) li.className = cls;
  $('play-log').append(li);
}

async function engineTurn() {
  if (!play || play.verdict || play.to_move !== 'engine') return;
  const args = {};
  const m = await ask('play_engine', args, 'the engine thinks');
  playLog.push(['play_engine', args]);
  logTurn(`engine: ${m.move.text} — ${m.reason}`, 'engine');
  const before = play.graph ? aliveVertices() : null;
  await refreshPlay();
  if (before) {
    const after = aliveVertices();
    engineTook = [...before].filter((v) => !after.has(v));
    render();
  }
  say(play.verdict ? '' : `The engine played ${m.move.short}: ${m.reason}`);
  showVerdict();
}

async function personMove(n) {
  if (!play || play.verdict || play.to_move !== 'person') return;
  const args = { n };
  const t = await ask('play_move', args, 'playing your move');
  playLog.push(['play_move', args]);
  logTurn(`you: ${t.move.text}${t.best ? '' : ` (a winning move was ${t.winning_move})`}`);
  picked = null;
  engineTook = [];
  await refreshPlay();
  showVerdict();
  await engineTurn();
}

function showVerdict() {
  if (!play.verdict) return;
  say(play.verdict.text, play.verdict.winner === 'person' ? 'won' : 'lost');
}

$('play-hint').addEventListener('click', () => guard((async () => {
  const h = await ask('play_hint', {}, 'looking for a winning move');
  for (const li of $('play-moves').children) li.classList.toggle('hinted', h && +li.dataset.n === h.number);
  say(h ? `Hint: ${h.text}` : 'No winning move here: every move leaves the engine a winning reply.');
})(), $('play-say')));

$('play-why').addEventListener('click', () => {
  if (!play) return;
  const j = play.judgement;
  const values = j.values.length > 1
    ? ` Values: ${j.values.map((v) => `${v.game} ${v.position} is ${v.value ?? '?'}${v.genus ? ` (genus ${v.genus})` : ''}`).join(', ')}.`
    : '';
  for (const li of $('play-moves').children) li.classList.toggle('winning', j.winning.includes(+li.dataset.n));
  const k = j.winning.length;
  say(`${j.why}.${values} ${k ? `${k} winning move${k === 1 ? '' : 's'}, marked “wins” in the list.` : 'No move wins: every move leaves a position the engine wins.'}`);
});

$('play-undo').addEventListener('click', () => guard((async () => {
  const args = {};
  const n = await ask('play_undo', args, 'taking back');
  playLog.push(['play_undo', args]);
  for (let i = 0; i < n; i++) $('play-log').lastElementChild?.remove();
  say(`Took back ${n} move${n === 1 ? '' : 's'}.`);
  await refreshPlay();
})(), $('play-say')));

function render() {
  const on = !!play;
  $('play-hint').disabled = !on || !!play.verdict;
  $('play-why').disabled = !on;
  $('play-undo').disabled = !on || !play.turns.some((t) => t.player === 'person');
  if (!on) return;
  $('play-turn').textContent = play.verdict ? 'game over' : play.to_move === 'person' ? `your move (${play.misere ? 'misère' : 'normal'} play)` : 'the engine is to move';
  const board = $('play-board');
  board.innerHTML = '';
  if (play.graph) board.append(graphOf(play.graph));
  else play.judgement.values.forEach((v, i) => board.append(drawComponent(v.game, v.position, i)));
  const list = $('play-moves');
  list.innerHTML = '';
  for (const m of play.moves) {
    const li = document.createElement('li');
    li.dataset.n = m.number;
    const b = document.createElement('button');
    b.textContent = m.text;
    b.disabled = play.to_move !== 'person';
    b.addEventListener('click', () => guard(personMove(m.number), $('play-say')));
    li.append(b);
    list.append(li);
  }
}

function movesOf(component) {
  return play.moves.filter((m) => m.component === component);
}

/**
 * One component of the position, drawn: a heap as a row of tokens, a Cram or Chomp board as a grid, Wythoff's game as
 * a queen on a grid; else its name (its moves are in the list).
 */
function drawComponent(game, position, i) {
  const box = document.createElement('div');
  box.className = 'component';
  box.dataset.component = i;
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = `${game} ${position}`;
  box.append(name);
  if (/^\d+$/.test(position) && +position <= 60) {
    const n = +position;
    const row = document.createElement('div');
    row.className = 'tokens';
    // What a click on token k does: the first of these that is a move of the game (a shift-click tries two
    // tokens first): knock out token k alone, leaving the rows before and after it (Kayles); take token k and all
    // after it, leaving k (Nim); knock out tokens k and k + 1 (Kayles, Dawson's Kayles). In a game that may take a
    // whole heap of more than two (Nim, subtraction games), taking the tail comes first.
    const takesAll = n > 2 && movesOf(i).some((m) => m.result === '0');
    const tries = (k, two) => {
      const one = { leave: [k, n - 1 - k], taken: [k] };
      const tail = { leave: [k], taken: [...Array(n - k).keys()].map((j) => k + j) };
      const pair = { leave: [k, n - 2 - k], taken: [k, k + 1] };
      if (two) return [pair, one, tail];
      return takesAll ? [tail, one, pair] : [one, tail, pair];
    };
    const key = (parts) => parts.filter((x) => x > 0).sort((a, b) => a - b).join(' ');
    const resultKey = (m) => (m.result === '0' ? '' : key(m.result.split('+').map((x) => Number(x.trim()))));
    const find = (k, two) => {
      const moves = movesOf(i);
      for (const t of tries(k, two)) {
        if (t.leave.some((x) => x < 0)) continue;
        const m = moves.find((x) => resultKey(x) === key(t.leave));
        if (m) return { move: m, taken: t.taken };
      }
      return null;
    };
    const mark = (taken) => row.querySelectorAll('.token').forEach((x) => x.classList.toggle('take', taken.includes(+x.dataset.k)));
    for (let k = 0; k < n; k++) {
      const t = document.createElement('button');
      t.className = 'token';
      t.title = 'click: this move; shift-click: two tokens';
      t.dataset.k = k;
      t.addEventListener('mouseenter', (e) => mark(find(k, e.shiftKey)?.taken || []));
      t.addEventListener('mouseleave', () => mark([]));
      t.addEventListener('click', (e) => {
        const f = find(k, e.shiftKey);
        if (f) guard(personMove(f.move.number), $('play-say'));
        else say(`${game} ${position} has no move at token ${k + 1}: pick one from the list.`);
      });
      row.append(t);
    }
    box.append(row);
  } else if (game === 'cram') {
    box.append(gridOf(position, i, 'cram'));
  } else if (game === 'chomp') {
    box.append(chompOf(position, i));
  } else if (game === 'wythoff' && /^\d+ \d+$/.test(position) && position.split(' ').every((x) => +x <= 30)) {
    box.append(queenOf(position, i));
  }
  return box;
}

let engineTook = []; // the vertices the engine's last move removed from a drawn graph

/** The vertex ids a graph game's position shows (`{0-3, 7} + {9}`); `0` or no braces: none. */
export function idsOf(text) {
  const ids = [];
  for (const [, inside] of String(text).matchAll(/\{([^}]*)\}/g)) {
    for (const part of inside.split(',')) {
      const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
      if (!m) continue;
      for (let v = +m[1]; v <= +(m[2] ?? m[1]); v++) ids.push(v);
    }
  }
  return ids.sort((a, b) => a - b);
}

/** The vertices still in play in the game's graph. */
function aliveVertices() {
  return new Set(play.judgement.values.flatMap((v) => idsOf(v.position)));
}

/** Where vertex v of a graph is drawn: grids as grids, paths as a row, everything else on a circle. */
export function graphLayout(graph) {
  const { kind, rows, cols } = graph.layout;
  const n = graph.nodes;
  const step = 56;
  if (kind === 'grid' || kind === 'path') {
    const c = kind === 'grid' ? cols : n;
    const r = kind === 'grid' ? rows : 1;
    return { width: c * step, height: r * step, at: (v) => [step / 2 + (v % c) * step, step / 2 + Math.floor(v / c) * step] };
  }
  const radius = Math.max(60, (n * step) / (2 * Math.PI));
  const size = 2 * radius + step;
  return {
    width: size, height: size,
    at: (v) => [size / 2 + radius * Math.sin((2 * Math.PI * v) / n), size / 2 - radius * Math.cos((2 * Math.PI * v) / n)],
  };
}

/**
 * A graph game's position as its graph (SVG): the vertices in play as circles, the edges among them as lines, the
 * vertices gone faded, and those the engine's last move took ringed. Node Kayles: a click on a vertex takes it and its
 * neighbours; Arc Kayles: a click on an edge takes its two ends.
 */
function graphOf(graph) {
  const NS = 'http://www.w3.org/2000/svg';
  const el = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const box = document.createElement('div');
  box.className = 'component';
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = play.position;
  box.append(name);
  const alive = aliveVertices();
  const { width, height, at } = graphLayout(graph);
  const svg = el('svg', { class: 'graph', width, height, viewBox: `0 0 ${width} ${height}` });
  const arc = graph.game === 'arc-kayles';
  const mine = play.to_move === 'person' && !play.verdict;
  // The move that leaves the component of the vertices `gone` without them.
  const moveTaking = (gone) => {
    const i = play.judgement.values.findIndex((v) => idsOf(v.position).includes(gone[0]));
    if (i < 0) return null;
    const want = idsOf(play.judgement.values[i].position).filter((v) => !gone.includes(v)).join(' ');
    return movesOf(i).find((m) => idsOf(m.result).join(' ') === want) || null;
  };
  const neighbours = (v) => graph.edges.filter(([a, b]) => a === v || b === v).map(([a, b]) => (a === v ? b : a));
  for (const [a, b] of graph.edges) {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    const live = alive.has(a) && alive.has(b);
    const line = el('line', { x1, y1, x2, y2, class: `edge${live ? '' : ' gone'}`, 'data-a': a, 'data-b': b });
    if (live && arc) {
      line.classList.add('playable');
      const title = el('title', {});
      title.textContent = `take the edge ${a}-${b}`;
      line.append(title);
      line.addEventListener('click', () => {
        const m = moveTaking([a, b]);
        if (!mine) return;
        if (m) guard(personMove(m.number), $('play-say'));
        else say(`No move takes the edge ${a}-${b}.`);
      });
    }
    svg.append(line);
  }
  for (let v = 0; v < graph.nodes; v++) {
    const [cx, cy] = at(v);
    const live = alive.has(v);
    const g = el('g', { class: `vertex${live ? '' : ' gone'}${engineTook.includes(v) ? ' took' : ''}${live && !arc ? ' playable' : ''}`, 'data-v': v });
    g.append(el('circle', { cx, cy, r: 15 }));
    const label = el('text', { x: cx, y: cy + 5, 'text-anchor': 'middle' });
    label.textContent = v;
    g.append(label);
    if (live && !arc) {
      const title = el('title', {});
      title.textContent = `take vertex ${v} and its neighbours`;
      g.append(title);
      const gone = [v, ...neighbours(v).filter((w) => alive.has(w))];
      g.addEventListener('mouseenter', () => svg.querySelectorAll('.vertex').forEach((x) => x.classList.toggle('take', gone.includes(+x.dataset.v))));
      g.addEventListener('mouseleave', () => svg.querySelectorAll('.vertex').forEach((x) => x.classList.remove('take')));
      g.addEventListener('click', () => {
        if (!mine) return;
        const m = moveTaking(gone);
        if (m) guard(personMove(m.number), $('play-say'));
        else say(`No move takes vertex ${v}.`);
      });
    }
    svg.append(g);
  }
  box.append(svg);
  return box;
}

/** The cells of a board written `RxC` or as rows of `.` (empty) and `#` (blocked) joined by `/`. */
function boardCells(position) {
  const m = /^(\d+)x(\d+)$/.exec(position);
  if (m) return Array.from({ length: +m[1] }, () => Array(+m[2]).fill('.'));
  return position.split('/').map((r) => [...r]);
}

function gridOf(position, i) {
  const cells = boardCells(position);
  const grid = document.createElement('div');
  grid.className = 'grid';
  grid.style.gridTemplateColumns = `repeat(${cells[0].length}, 30px)`;
  cells.forEach((row, r) => row.forEach((ch, c) => {
    const b = document.createElement('button');
    b.className = `cell${ch === '#' ? ' blocked' : ''}`;
    b.dataset.r = r + 1;
    b.dataset.c = c + 1;
    b.title = `row ${r + 1}, column ${c + 1}`;
    if (ch !== '#') b.addEventListener('click', () => cramClick(i, r + 1, c + 1, b));
    if (picked && picked.component === i && picked.r === r + 1 && picked.c === c + 1) b.classList.add('picked');
    grid.append(b);
  }));
  return grid;
}

/** A domino is placed by clicking two neighbouring empty cells. */
function cramClick(i, r, c, button) {
  if (!picked || picked.component !== i) {
    picked = { component: i, r, c };
    document.querySelectorAll('.cell.picked').forEach((x) => x.classList.remove('picked'));
    button.classList.add('picked');
    return;
  }
  const a = picked;
  picked = null;
  document.querySelectorAll('.cell.picked').forEach((x) => x.classList.remove('picked'));
  let want = null;
  if (a.r === r && Math.abs(a.c - c) === 1) want = `across row ${r}, columns ${Math.min(a.c, c)}-${Math.min(a.c, c) + 1}`;
  else if (a.c === c && Math.abs(a.r - r) === 1) want = `down column ${c}, rows ${Math.min(a.r, r)}-${Math.min(a.r, r) + 1}`;
  if (!want) {
    picked = { component: i, r, c };
    button.classList.add('picked');
    return;
  }
  const m = movesOf(i).find((x) => x.move.includes(`domino ${want},`) || x.move.includes(`or ${want}`) || x.move.includes(`domino ${want} `));
  if (m) guard(personMove(m.number), $('play-say'));
  else say(`No domino fits ${want}.`);
}

/** A Chomp position: row lengths (`5 4 2`) or a rectangle `RxC`; the top-left square is poisoned. */
function chompOf(position, i) {
  const m = /^(\d+)x(\d+)$/.exec(position);
  const rows = m ? Array(+m[1]).fill(+m[2]) : position.split(/\s+/).map(Number);
  const width = Math.max(...rows);
  const grid = document.createElement('div');
  grid.className = 'grid';
  grid.style.gridTemplateColumns = `repeat(${width}, 30px)`;
  rows.forEach((len, r) => {
    for (let c = 0; c < width; c++) {
      const b = document.createElement('button');
      b.dataset.r = r + 1;
      b.dataset.c = c + 1;
      if (c >= len) {
        b.className = 'cell blocked';
        b.style.visibility = 'hidden';
      } else if (r === 0 && c === 0) {
        b.className = 'cell poison';
        b.title = 'poisoned';
      } else {
        b.className = 'cell choc';
        b.title = `eat row ${r + 1}, column ${c + 1}`;
        b.addEventListener('click', () => {
          const mv = movesOf(i).find((x) => x.move.startsWith(`eat the square in row ${r + 1}, column ${c + 1} `));
          if (mv) guard(personMove(mv.number), $('play-say'));
        });
      }
      grid.append(b);
    }
  });
  return grid;
}

/**
 * Wythoff's game as a queen on a grid: heaps (a, b) are the queen's square, row a and column b from the corner
 * (0, 0); she moves up, left or diagonally towards the corner. The squares she can reach are marked; a click moves
 * her there.
 */
function queenOf(position, i) {
  const [a, b] = position.split(' ').map(Number);
  const reach = new Map(movesOf(i).map((m) => [m.result, m]));
  const grid = document.createElement('div');
  grid.className = 'grid';
  grid.style.gridTemplateColumns = `repeat(${b + 1}, 30px)`;
  for (let x = 0; x <= a; x++) {
    for (let y = 0; y <= b; y++) {
      const cell = document.createElement('button');
      const m = reach.get(`${x} ${y}`);
      cell.className = `cell${x === a && y === b ? ' queen' : m ? ' reach' : ''}${x === 0 && y === 0 ? ' corner' : ''}`;
      cell.dataset.r = x;
      cell.dataset.c = y;
      cell.title = `${x} ${y}`;
      if (x === a && y === b) cell.textContent = '♛';
      if (m) cell.addEventListener('click', () => guard(personMove(m.number), $('play-say')));
      grid.append(cell);
    }
  }
  return grid;
}

// ---------------------------------------------------------------------------------------------------------------
// Table, sequence, pattern
// ---------------------------------------------------------------------------------------------------------------

/** Empties an answer's place while its request runs (an answer of another game would mislead). */
function showPending(out) {
  out.classList.remove('error');
  out.innerHTML = '<div class="pending">working… (Stop ends it)</div>';
}

function span(text, what) {
  const m = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
  if (!m) throw new Error(`${what}: write A..B, e.g. 0..19`);
  return [+m[1], +m[2]];
}

$('table-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const out = $('table-out');
  showPending(out);
  guard((async () => {
    const args = { game: current.spec, rows: span($('table-rows').value, 'rows') };
    if (current.info?.parameters === 2) args.cols = span($('table-cols').value, 'columns');
    const t = await ask('table', args, `${current.spec} table`);
    out.innerHTML = heatmapSvg(t);
  })(), out);
});

$('seq-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const out = $('seq-out');
  showPending(out);
  $('seq-text').textContent = '';
  guard((async () => {
    const text = $('seq-to').value.trim();
    if (!/^\d+$/.test(text)) throw new Error(`heaps 0 to: write a whole number such as 200, not '${text}'`);
    const to = Number(text);
    const s = await ask('sequence', { game: current.spec, to }, `${current.spec} nim-values`);
    let p = null;
    try {
      p = await ask('period', { game: current.spec }, `${current.spec} period`);
    } catch (err) {
      if (err.kind === 'stopped') throw err;
    }
    if (s.values.length <= SVG_POINTS) out.innerHTML = scatterSvg(s, p);
    else out.replaceChildren(scatterCanvas(s, p));
    $('seq-text').textContent = p && p.period
      ? `${s.game}: preperiod ${p.preperiod}, period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ''}${p.certified ? ` — certified (${p.certificate})` : ' — observed'}`
      : `${s.game}: no period found${p && p.stopped ? ` (${p.stopped})` : ''}`;
  })(), out);
});

$('pattern-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const out = $('pattern-out');
  showPending(out);
  guard((async () => {
    const p = await ask('pattern', { game: current.spec }, `${current.spec} pattern`);
    out.textContent = patternText(p);
  })(), out);
});

/** The rules found, as `grundy pattern` words them. */
function patternText(p) {
  const lines = [];
  if (p.parameters === 2) lines.push(`${p.game}: nim-values G(a, b), a = ${p.rows.from}..=${p.rows.to}, b = ${p.cols.from}..=${p.cols.to}`);
  else lines.push(`${p.game}: nim-values of heaps ${p.rows?.from ?? 0}..=${p.rows?.to ?? '?'}`);
  for (const r of p.rules || []) {
    lines.push(`  ${r.statement}`);
    lines.push(`      [${r.certified ? `certified (${r.certificate})` : 'observed on the range checked'}]`);
  }
  if (p.nothing_fits) lines.push('  no rule of the kinds searched fits the table');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------------------------

startWorker();
(async () => {
  const t0 = performance.now();
  await guard(loadCatalog());
  await guard(chooseGame('kayles'));
  $('game-select').value = 'kayles';
  window.grundyReadyMs = performance.now() - t0;
  document.body.dataset.ready = 'yes';
  setStatus('ready');
})();
