// End-to-end tests of the web explorer in a real headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser is downloaded). The page is web/dist/ (bash web/build.sh), served on 127.0.0.1 by
// Python's http.server; answers are compared with the native command line built from the same tree (GRUNDY_BIN, or
// target/release/grundy, or target/debug/grundy).
//
//   cd web/tests && npm ci && npm test
//
// Screenshots of each screen go to $SHOTS (default /tmp/web-shots/); the figures measured (load to first answer)
// are printed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const dist = join(repo, 'web/dist');
const shots = process.env.SHOTS || '/tmp/web-shots';
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';

function nativeBinary() {
  if (process.env.GRUNDY_BIN) return process.env.GRUNDY_BIN;
  const target = process.env.CARGO_TARGET_DIR || join(repo, 'target');
  for (const p of [join(target, 'release/grundy'), join(target, 'debug/grundy')]) if (existsSync(p)) return p;
  throw new Error('no native grundy binary: build it (cargo build -p grundy-cli) or set GRUNDY_BIN');
}

const grundy = (...args) => execFileSync(nativeBinary(), args, { encoding: 'utf8' });

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

let server;
let context;
let page;
let base;
const requests = [];
let profile;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'web/dist is missing: run bash web/build.sh');
  mkdirSync(shots, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  profile = mkdtempSync(join(tmpdir(), 'grundy-web-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
  });
  context.on('request', (r) => requests.push(r.url()));
  page = context.pages()[0] || (await context.newPage());
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function tab(name) {
  await page.click(`#tabs button[data-tab=${name}]`);
}

async function idle() {
  await page.waitForFunction(() => document.getElementById('stop').disabled);
}

async function chooseGame(spec) {
  await page.fill('#game-spec', spec);
  await page.click('#game-use');
  await idle();
}

test('the page opens, loads the library and the catalog, and answers', async () => {
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForSelector('body[data-ready=yes]', { timeout: 30000 });
  const ready = Date.now() - t0;
  const inPage = await page.evaluate(() => window.grundyReadyMs);
  const options = await page.$$eval('#game-select option', (os) => os.map((o) => o.value));
  const native = grundy('games').split('\n').filter((l) => l.trim()).length;
  assert.ok(options.includes('kayles') && options.includes('cram') && options.includes('wythoff'));
  assert.ok(options.length >= native - 2, `${options.length} games in the page, ${native} lines of grundy games`);
  console.log(`figure: load to first answer ${ready} ms (navigation included); catalog and first lookup in the page ${inPage.toFixed(0)} ms`);
  await page.screenshot({ path: join(shots, '1-open.png') });
});

test('Kayles 5 7: the nim-value and winning moves of the command line, in its words', async () => {
  await tab('value');
  await page.fill('#value-input', 'kayles 5 7');
  await page.click('#value-go');
  await page.waitForSelector('#value-out[data-json]');
  const json = JSON.parse(await page.getAttribute('#value-out', 'data-json'));
  assert.deepEqual(json, JSON.parse(grundy('value', 'kayles', '5', '7', '--json')));
  const text = await page.textContent('#value-out');
  assert.equal(text.trim(), grundy('value', 'kayles', '5', '7').trim());
  await page.screenshot({ path: join(shots, '2-value-kayles.png') });
});

test('who wins only: the answer of grundy value --outcome, the nim-value not computed', async () => {
  await page.check('#value-outcome');
  for (const [graph, outcome] of [['grid:4x4', 'P'], ['grid:3x3', 'N']]) {
    await page.fill('#value-input', `node-kayles ${graph}`);
    await page.click('#value-go');
    await page.waitForSelector('#value-out[data-json]');
    const json = JSON.parse(await page.getAttribute('#value-out', 'data-json'));
    assert.deepEqual(json, JSON.parse(grundy('value', 'node-kayles', graph, '--outcome', '--json')));
    assert.equal(json.nim_value, null);
    assert.equal(json.outcome, outcome);
    const text = await page.textContent('#value-out');
    assert.match(text, /nim-value not computed \(only who wins was asked\); its outcome is exact/);
    assert.match(text, new RegExp(`outcome: ${outcome}`));
    // Each winning move printed, and said to leave a P-position.
    assert.equal((text.match(/\(to a P-position\)/g) || []).length, json.winning_moves.length);
    if (outcome === 'N') {
      assert.ok(json.winning_moves.length > 0);
      await page.screenshot({ path: join(shots, '2a-value-outcome.png') });
    }
  }
  await page.uncheck('#value-outcome');
});

test('misère play: the same answer and words as grundy value --misere', async () => {
  await page.check('#value-misere');
  for (const sum of [['kayles', '5', '7'], ['nim', '1', '2', '3']]) {
    await page.fill('#value-input', sum.join(' '));
    await page.click('#value-go');
    await page.waitForSelector('#value-out[data-json]');
    const json = JSON.parse(await page.getAttribute('#value-out', 'data-json'));
    assert.deepEqual(json, JSON.parse(grundy('value', ...sum, '--misere', '--json')));
    assert.equal((await page.textContent('#value-out')).trim(), grundy('value', ...sum, '--misere').trim());
  }
  await page.uncheck('#value-misere');
});

test('a bad position gives the library\'s one-line error', async () => {
  await page.fill('#value-input', 'kayles x');
  await page.click('#value-go');
  await page.waitForFunction(() => document.getElementById('value-out').classList.contains('error'));
  const text = (await page.textContent('#value-out')).trim();
  assert.ok(!text.includes('\n') && /kayles/.test(text), text);
  await page.fill('#value-input', 'kayles 5 7');
  await page.click('#value-go');
  await page.waitForFunction(() => !document.getElementById('value-out').classList.contains('error'));
});

async function state() {
  return page.evaluate(() => ({
    turn: document.getElementById('play-turn').textContent,
    say: document.getElementById('play-say').textContent,
    won: document.getElementById('play-say').classList.contains('won'),
    lost: document.getElementById('play-say').classList.contains('lost'),
    log: document.getElementById('play-log').children.length,
  }));
}

async function newGame(position) {
  await tab('play');
  await page.fill('#play-input', position);
  await page.click('#play-new');
  await idle();
  await page.waitForFunction(() => document.getElementById('play-turn').textContent !== '');
}

test('Nim 3 4 5 played to the end by following the hint, and won', async () => {
  await newGame('nim 3 4 5');
  for (let i = 0; i < 20; i++) {
    const s = await state();
    if (s.won || s.lost) break;
    await page.click('#play-hint');
    await idle();
    const hinted = await page.$('#play-moves li.hinted button');
    assert.ok(hinted, `no hint in ${s.turn}: ${(await state()).say}`);
    if (i === 1) await page.screenshot({ path: join(shots, '3-play-nim-hint.png') });
    const before = s.log;
    await hinted.click();
    await page.waitForFunction((n) => document.getElementById('play-log').children.length > n, before);
    await idle();
  }
  const s = await state();
  assert.ok(s.won, s.say);
  assert.match(s.say, /you win/);
  await page.screenshot({ path: join(shots, '4-play-nim-won.png') });
});

test('Nim heaps drawn as tokens: a click on a token takes it and those after it', async () => {
  await newGame('nim 2 3');
  const heaps = await page.$$eval('#play-board .component', (cs) => cs.map((c) => c.querySelectorAll('.token').length));
  assert.deepEqual(heaps, [2, 3]);
  // Take the third token of the heap of 3 (leaving 2): the P-position 2 + 2.
  await page.click('#play-board .component[data-component="1"] .token[data-k="2"]');
  await page.waitForFunction(() => document.getElementById('play-log').children.length >= 2);
  await idle();
  const log = await page.$$eval('#play-log li', (l) => l.map((x) => x.textContent));
  assert.match(log[0], /^you: nim 3: .*leaving 2/);
  // A click on a heap's first token takes the whole heap.
  await newGame('nim 4 5');
  await page.click('#play-board .component[data-component="1"] .token[data-k="0"]');
  await page.waitForFunction(() => document.getElementById('play-log').children.length >= 1);
  await idle();
  assert.match(await page.textContent('#play-log li'), /^you: nim 5: take all 5 from the heap of 5/);
});

test('Kayles played to the end by clicking pins (shift-click for two), following the hint, and won', async () => {
  await newGame('kayles 5 7');
  const s = await followHints(async (text) => {
    // "kayles 7: take 2 from the heap of 7 and split the rest into 2 and 3", "... leaving 5", "take all 2 ...".
    const m = /^kayles (\d+): take (all )?(\d) from the heap of \d+(?: and split the rest into (\d+) and \d+|, leaving (\d+))?$/.exec(text);
    assert.ok(m, text);
    const component = await page.$$eval('#play-board .component .name', (ns, t) => ns.findIndex((x) => x.textContent === t.split(':')[0]), text);
    const k = m[4] !== undefined ? +m[4] : m[5] !== undefined ? +m[5] : 0;
    const two = m[3] === '2';
    await page.click(`#play-board .component[data-component="${component}"] .token[data-k="${k}"]`, two ? { modifiers: ['Shift'] } : {});
  }, '5a-play-kayles.png');
  assert.ok(s.won, s.say);
});

test('a Cram board played to the end by clicking its cells', async () => {
  await chooseGame('cram');
  await newGame('cram 3x4');
  let clicks = 0;
  for (let i = 0; i < 12; i++) {
    const s = await state();
    if (s.won || s.lost) break;
    // The move to play: the hint when there is one, else the first listed; its cells from its words.
    await page.click('#play-hint');
    await idle();
    const hinted = await page.$('#play-moves li.hinted button');
    const text = await (hinted || (await page.$('#play-moves li button'))).textContent();
    const m = /^cram (\S+): place a domino (across row (\d+), columns (\d+)-\d+|down column (\d+), rows (\d+)-\d+)/.exec(text);
    assert.ok(m, text);
    const component = await page.$$eval('#play-moves li button', (bs, t) => {
      const comps = [...document.querySelectorAll('#play-board .component')];
      const name = t.split(':')[0];
      return comps.findIndex((c) => c.querySelector('.name').textContent === name);
    }, text);
    assert.ok(component >= 0, text);
    const [r1, c1, r2, c2] = m[3] ? [+m[3], +m[4], +m[3], +m[4] + 1] : [+m[6], +m[5], +m[6] + 1, +m[5]];
    const cell = (r, c) => `#play-board .component[data-component="${component}"] .cell[data-r="${r}"][data-c="${c}"]`;
    const before = s.log;
    await page.click(cell(r1, c1));
    await page.click(cell(r2, c2));
    clicks++;
    await page.waitForFunction((n) => document.getElementById('play-log').children.length > n, before);
    await idle();
    if (i === 0) {
      await page.click('#play-why');
      await page.screenshot({ path: join(shots, '5-play-cram.png'), clip: { x: 0, y: 0, width: 1200, height: 820 } });
    }
  }
  const s = await state();
  assert.ok(clicks >= 2);
  assert.ok(s.won, s.say);
  await page.screenshot({ path: join(shots, '6-play-cram-end.png') });
});

/** Plays to the end following the hint (a winning move whenever there is one); `click` plays a hinted move. */
async function followHints(click, shot) {
  for (let i = 0; i < 40; i++) {
    const s = await state();
    if (s.won || s.lost) break;
    await page.click('#play-hint');
    await idle();
    const hinted = await page.$('#play-moves li.hinted button');
    assert.ok(hinted, `no hint: ${(await state()).say}`);
    const before = s.log;
    await click(await hinted.textContent(), hinted);
    await page.waitForFunction((n) => document.getElementById('play-log').children.length > n, before);
    await idle();
    if (i === 0 && shot) await page.screenshot({ path: join(shots, shot) });
  }
  return state();
}

test('misère Nim 2 3 4 played to the end by following the hint, and won; Why gives the reason', async () => {
  await tab('play');
  await page.check('#play-misere');
  await newGame('nim 2 3 4');
  await page.click('#play-why');
  assert.match(await page.textContent('#play-say'), /misère/i);
  const s = await followHints((_, b) => b.click());
  await page.uncheck('#play-misere');
  assert.ok(s.won, s.say);
  assert.match(s.say, /misère play: whoever cannot move wins/);
});

test('Wythoff\'s game played as a queen on a grid, by clicking the squares she reaches', async () => {
  await newGame('wythoff 6 9');
  const queen = await page.$$eval('#play-board .cell.queen', (q) => q.map((c) => [c.dataset.r, c.dataset.c]));
  assert.deepEqual(queen, [['6', '9']]);
  const s = await followHints(async (text) => {
    const to = /leaving (\d+) (\d+)$/.exec(text);
    assert.ok(to, text);
    await page.click(`#play-board .cell.reach[data-r="${to[1]}"][data-c="${to[2]}"]`);
  }, '13-play-wythoff-queen.png');
  assert.ok(s.won, s.say);
});

test('Chomp played by clicking the squares to eat', async () => {
  await newGame('chomp 3x4');
  const s = await followHints(async (text) => {
    const at = /eat the square in row (\d+), column (\d+)/.exec(text);
    assert.ok(at, text);
    await page.click(`#play-board .cell.choc[data-r="${at[1]}"][data-c="${at[2]}"]`);
  }, '14-play-chomp.png');
  assert.ok(s.won, s.say);
});

test('Node Kayles on the grid graph 2x3 drawn as its graph and played to the end by clicking vertices, following the hint', async () => {
  await chooseGame('node-kayles');
  await newGame('node-kayles grid:2x3');
  // The grid drawn as a grid: 6 vertices, 7 edges; vertex 4 below vertex 1.
  assert.equal(await page.$$eval('#play-board svg.graph .vertex', (vs) => vs.length), 6);
  assert.equal(await page.$$eval('#play-board svg.graph .edge', (es) => es.length), 7);
  const at = (v) => page.$eval(`#play-board svg.graph .vertex[data-v="${v}"] circle`, (c) => [+c.getAttribute('cx'), +c.getAttribute('cy')]);
  const [p1, p4] = [await at(1), await at(4)];
  assert.ok(p1[0] === p4[0] && p1[1] < p4[1], `${p1} ${p4}`);
  const s = await followHints(async (text) => {
    const m = /^node-kayles \{[^}]*\}: take vertex (\d+)/.exec(text);
    assert.ok(m, text);
    await page.click(`#play-board svg.graph .vertex.playable[data-v="${m[1]}"]`);
  }, '14a-play-node-kayles.png');
  assert.ok(s.won, s.say);
  // Every vertex is gone at the end, and the engine's last move is ringed.
  assert.equal(await page.$$eval('#play-board svg.graph .vertex:not(.gone)', (vs) => vs.length), 0);
  await page.screenshot({ path: join(shots, '14b-play-node-kayles-end.png') });
});

test('Arc Kayles on the cycle of 6 played by clicking an edge', async () => {
  await newGame('arc-kayles cycle:6');
  const hint = async () => {
    await page.click('#play-hint');
    await idle();
    return page.$('#play-moves li.hinted button');
  };
  const hinted = await hint();
  const text = await (hinted || (await page.$('#play-moves li button'))).textContent();
  const m = /take the edge (\d+)-(\d+)/.exec(text);
  assert.ok(m, text);
  const before = (await state()).log;
  await page.click(`#play-board svg.graph .edge.playable[data-a="${m[1]}"][data-b="${m[2]}"]`);
  await page.waitForFunction((n) => document.getElementById('play-log').children.length > n, before);
  await idle();
  assert.match(await page.textContent('#play-log li'), new RegExp(`^you: arc-kayles .*take the edge ${m[1]}-${m[2]}`));
  // The two ends are gone; the engine's reply took two more.
  assert.equal(await page.$$eval('#play-board svg.graph .vertex.gone', (vs) => vs.length), 4);
});

test('a rules script with an error shows its line and column; a correct one defines a game', async () => {
  await tab('value');
  await page.click('#rules-toggle');
  const bad = 'const NAME = "broken";\nfn moves(n) {\n    [n - 1, n - ]\n}\n';
  await page.fill('#rules-text', bad);
  await page.click('#rules-define');
  await page.waitForFunction(() => document.getElementById('rules-error').textContent !== '');
  const line = await page.getAttribute('#rules-error', 'data-line');
  const column = await page.getAttribute('#rules-error', 'data-column');
  const text = await page.textContent('#rules-error');
  assert.equal(line, '3', text);
  assert.ok(+column > 0, text);
  assert.match(text, /^line 3, column \d+: /);
  assert.equal(await page.textContent('#rules-gutter .bad'), '3\n');
  await page.screenshot({ path: join(shots, '7-rules-error.png') });
  const good = 'const NAME = "take-134";\nfn moves(n) {\n    let out = [];\n    for s in [1, 3, 4] { if s <= n { out.push(n - s); } }\n    out\n}\n';
  await page.fill('#rules-text', good);
  await page.click('#rules-define');
  await idle();
  assert.equal(await page.textContent('#rules-error'), '');
  await page.fill('#value-input', 'take-134 10 3');
  await page.click('#value-go');
  await page.waitForFunction(() => document.getElementById('value-out').textContent.includes('take-134 10'));
  const values = await page.textContent('#value-out');
  // Subtraction {1, 3, 4}: period 7, values 0 1 0 1 2 3 2; G(10) = 1, G(3) = 1.
  assert.match(values, /take-134 10: nim-value 1\ntake-134 3: nim-value 1\nnim-sum: 1 xor 1 = 0/);
  await page.click('#rules-toggle');
});

test('the heatmap of Wythoff\'s game: the cells and P-positions of grundy table', async () => {
  await chooseGame('wythoff');
  await tab('table');
  await page.fill('#table-rows', '0..15');
  await page.fill('#table-cols', '0..15');
  await page.click('#table-go');
  await page.waitForSelector('#table-out svg[data-kind=heatmap]');
  const cells = await page.$$eval('#table-out rect.cell', (rs) => rs.map((r) => [+r.dataset.a, +r.dataset.b, +r.dataset.v]));
  const native = JSON.parse(grundy('table', 'wythoff', '--rows', '0..15', '--cols', '0..15', '--json'));
  assert.equal(cells.length, 16 * 16);
  for (const [a, b, v] of cells) assert.equal(v, native.values[a][b], `G(${a}, ${b})`);
  const ps = await page.$$eval('#table-out circle.p-position', (cs) => cs.map((c) => [+c.dataset.a, +c.dataset.b]));
  assert.deepEqual(ps, native.p_positions);
  // A pixel of the picture: the cell G(0, 0) is drawn in the colour of 0 (dark).
  const fill = await page.getAttribute('#table-out rect.cell[data-a="0"][data-b="0"]', 'fill');
  assert.equal(fill, 'rgb(68,1,84)');
  await page.screenshot({ path: join(shots, '8-heatmap-wythoff.png'), fullPage: true });
});

test('the scatter plot of Kayles: the points of grundy seq, the preperiod and period of grundy period', async () => {
  await chooseGame('kayles');
  await tab('sequence');
  await page.fill('#seq-to', '300');
  await page.click('#seq-go');
  await page.waitForSelector('#seq-out svg[data-kind=scatter]');
  await idle();
  const points = await page.$$eval('#seq-out circle.point', (cs) => cs.map((c) => +c.dataset.v));
  const native = JSON.parse(grundy('seq', 'kayles', '--to', '300', '--json')).values;
  assert.deepEqual(points, native);
  const period = JSON.parse(grundy('period', 'kayles', '--json'));
  assert.equal(await page.getAttribute('#seq-out line.preperiod', 'data-n'), String(period.preperiod));
  assert.match(await page.textContent('#seq-text'), new RegExp(`preperiod ${period.preperiod}, period ${period.period}`));
  await page.screenshot({ path: join(shots, '9-scatter-kayles.png'), fullPage: true });
  // A long sequence is drawn on a canvas: the page stays responsive.
  await page.fill('#seq-to', '100000');
  await page.click('#seq-go');
  await page.waitForSelector('#seq-out canvas[data-kind=scatter-canvas]');
  await idle();
  assert.match(await page.textContent('#seq-text'), new RegExp(`preperiod ${period.preperiod}, period ${period.period}`));
  await page.screenshot({ path: join(shots, '9b-scatter-kayles-canvas.png'), fullPage: true });
});

test('the pattern of Wythoff\'s game: the Beatty pairs', async () => {
  await chooseGame('wythoff');
  await tab('pattern');
  await page.click('#pattern-go');
  await page.waitForFunction(() => document.getElementById('pattern-out').textContent !== '');
  await idle();
  const text = await page.textContent('#pattern-out');
  const native = JSON.parse(grundy('pattern', 'wythoff', '--json'));
  for (const r of native.rules) assert.ok(text.includes(r.statement), r.statement);
  await page.screenshot({ path: join(shots, '10-pattern-wythoff.png') });
});

test('a long computation is stopped with the button, and the page still answers', async () => {
  // A game in play when the work is stopped is given to the new worker again.
  await newGame('nim 3 4 5');
  await page.click('#play-moves li:first-child button');
  await page.waitForFunction(() => document.getElementById('play-log').children.length >= 2);
  await idle();
  const position = await page.textContent('#play-board');
  await chooseGame('grundys-game');
  await tab('sequence');
  await page.fill('#seq-to', '30000000');
  await page.click('#seq-go');
  await page.waitForFunction(() => !document.getElementById('stop').disabled);
  await page.waitForFunction(() => /grundys-game nim-values/.test(document.getElementById('status').textContent));
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await page.isDisabled('#stop'), false, 'the work ended by itself before it was stopped');
  await page.screenshot({ path: join(shots, '11-long-work.png') });
  await page.click('#stop');
  await page.waitForFunction(() => /stopped/.test(document.getElementById('status').textContent));
  await tab('value');
  await page.fill('#value-input', 'kayles 5 7');
  await page.click('#value-go');
  await page.waitForFunction(() => /nim-sum: 4 xor 2 = 6/.test(document.getElementById('value-out').textContent));
  await page.screenshot({ path: join(shots, '12-after-stop.png') });
  await tab('play');
  assert.equal(await page.textContent('#play-board'), position);
  await page.click('#play-hint');
  await idle();
  assert.match(await page.textContent('#play-say'), /^(Hint: nim|No winning move here)/);
  const before = await page.$$eval('#play-log li', (l) => l.length);
  await page.click('#play-moves li:first-child button');
  await page.waitForFunction((n) => document.getElementById('play-log').children.length > n, before);
});

test('the time limit ends long work with the library\'s one-line message, in the page\'s words', async () => {
  await chooseGame('grundys-game');
  await tab('sequence');
  await page.fill('#limit-seconds', '1');
  await page.fill('#seq-to', '30000000');
  await page.click('#seq-go');
  await page.waitForFunction(() => document.getElementById('seq-out').classList.contains('error'), null, { timeout: 20000 });
  const text = (await page.textContent('#seq-out')).trim();
  assert.match(text, /^grundys-game: stopped after heaps 0\.\.=\d+ of 0\.\.=30000000: the request took longer than its time limit of 1 s \(raise the time limit\)$/);
  await page.fill('#limit-seconds', '600');
});

test('the time limit ends the listing of winning moves, not the answer: the value, the outcome and the moves found', async () => {
  await tab('value');
  await page.fill('#limit-seconds', '1');
  const heaps = Array.from({ length: 4000 }, (_, i) => 600000 + ((i * 7919) % 300000));
  await page.fill('#value-input', `kayles ${heaps.join(' ')}`);
  await page.click('#value-go');
  await page.waitForFunction(() => {
    const j = document.getElementById('value-out').getAttribute('data-json');
    return j && JSON.parse(j).winning_moves_stopped;
  }, null, { timeout: 30000 });
  const json = JSON.parse(await page.getAttribute('#value-out', 'data-json'));
  assert.equal(json.outcome, 'N');
  // Only the moves found are counted: listed, in families or counted, of the parts searched.
  const counted = (key) => json[key].reduce((n, x) => n + x.count, 0);
  assert.equal(json.winning_move_count, json.winning_moves.length + counted('winning_move_families') + counted('unlisted_winning_moves'));
  assert.match(json.winning_moves_stopped, /^the request took longer than its time limit of 1 s \(raise the time limit\)$/);
  const text = await page.textContent('#value-out');
  assert.ok(text.includes('winning moves: the listing stopped'), text.slice(-300));
  // The end of the answer, where the listing's stop is said.
  await page.evaluate(() => {
    const out = document.getElementById('value-out');
    out.scrollTop = out.scrollHeight;
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.screenshot({ path: join(shots, '20-moves-stopped.png') });
  await page.fill('#limit-seconds', '600');
});

test('the positions limit ends a misère search with the library\'s message', async () => {
  await tab('value');
  await page.fill('#limit-positions', '10');
  await page.fill('#value-input', 'kayles 20 30');
  await page.check('#value-misere');
  await page.click('#value-go');
  await page.waitForFunction(() => document.getElementById('value-out').classList.contains('error'));
  const text = (await page.textContent('#value-out')).trim();
  assert.match(text, /^the search reached its limit of 10 positions .*\(raise the positions limit\)$/);
  await page.fill('#limit-positions', '');
  await page.uncheck('#value-misere');
});

test('the page asked no host but 127.0.0.1', () => {
  assert.ok(requests.length > 5, `${requests.length} requests`);
  const other = requests.filter((u) => !u.startsWith(base) && !u.startsWith('data:'));
  assert.deepEqual(other, []);
});
