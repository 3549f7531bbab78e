// The explorer's worker: it loads the library (grundy_wasm.js, made by web/build.sh) and answers the page's
// requests one at a time, so the page never waits on a computation. A request is {id, op, args}; the answer is
// {id, ok: true, result} or {id, ok: false, error: {message, kind}}, and long work sends {id, progress: [done, of]}
// on the way. The page stops work by ending this worker and starting another.
import init, * as grundy from './grundy_wasm.js';

const ready = init();
let game = null; // the game in play (a grundy.Game), if any

function progressFor(id) {
  return (done, of) => postMessage({ id, progress: [done, of] });
}

const ops = {
  catalog: () => JSON.parse(grundy.catalog()),
  game_info: (a) => JSON.parse(grundy.game_info(a.spec)),
  define_rules: (a) => JSON.parse(grundy.define_rules(a.text)),
  analyse: (a) => JSON.parse(grundy.analyse_sum(JSON.stringify(a))),
  sequence: (a, id) => JSON.parse(grundy.sequence(JSON.stringify(a), progressFor(id))),
  period: (a, id) => JSON.parse(grundy.find_period(JSON.stringify(a), progressFor(id))),
  table: (a, id) => JSON.parse(grundy.table(JSON.stringify(a), progressFor(id))),
  pattern: (a, id) => JSON.parse(grundy.find_pattern(JSON.stringify(a), progressFor(id))),
  play_new: (a) => {
    if (game) game.free();
    game = null;
    game = new grundy.Game(JSON.stringify(a));
    return JSON.parse(game.state());
  },
  play_state: () => JSON.parse(inPlay().state()),
  play_move: (a) => JSON.parse(inPlay().play(a.n)),
  play_parse: (a) => inPlay().parse_move(a.text),
  play_engine: () => JSON.parse(inPlay().engine_move()),
  play_hint: () => JSON.parse(inPlay().hint()),
  play_undo: () => inPlay().undo(),
  version: () => grundy.version(),
};

function inPlay() {
  if (!game) throw new Error('no game is in play: start one first');
  return game;
}

onmessage = async (e) => {
  const { id, op, args } = e.data;
  try {
    await ready;
    const f = ops[op];
    if (!f) throw new Error(`unknown request '${op}'`);
    postMessage({ id, ok: true, result: f(args || {}, id) });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A trap of the WebAssembly module (a bug) leaves it unusable: the page starts a new worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    postMessage({ id, ok: false, error: { message: fatal ? `internal error: ${message}` : message, kind: err?.kind || (fatal ? 'internal' : 'input'), fatal } });
  }
};
