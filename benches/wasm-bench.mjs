// One workload of benches/wasm.sh in the WebAssembly build under Node.js: loads the module (wasm-bindgen
// --target nodejs, from web/build.sh --node), runs the workload once, and prints one JSON line: the seconds the
// workload took the first time (module loading apart), the median of four more runs, and the seconds loading took; the answer goes to ANSWER_FILE as JSON (for the
// comparison with the native binary).
//
//   node benches/wasm-bench.mjs MODULE_DIR seq|pattern|cram|grundys ANSWER_FILE [REPEATS]
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';

const [dir, work, answerFile] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const t0 = performance.now();
const grundy = require(resolve(dir, 'grundy_wasm.js'));
const loaded = (performance.now() - t0) / 1000;
function run() {
  switch (work) {
    case 'seq':
      return JSON.parse(grundy.sequence(JSON.stringify({ game: 'kayles', to: 100000 }))).values;
    case 'pattern':
      return JSON.parse(grundy.find_pattern(JSON.stringify({ game: 'wythoff' })));
    case 'cram':
      return JSON.parse(grundy.analyse_sum(JSON.stringify({ parts: [{ game: 'cram', positions: ['4x5'] }] })));
    case 'grundys':
      return JSON.parse(grundy.sequence(JSON.stringify({ game: 'grundys-game', to: 1000000 }))).values;
    default:
      throw new Error(`unknown workload ${work}`);
  }
}
// The first run (the module's code compiled on first use, as a page meets it), then more in the same process:
// their median is the speed of code the engine has optimised (for Cram, whose engine keeps its table between
// calls, an answer from the table).
const times = [];
let answer;
const repeats = Number(process.argv[5] || 5);
for (let i = 0; i < repeats; i++) {
  const t = performance.now();
  answer = run();
  times.push((performance.now() - t) / 1000);
}
const seconds = times[0];
const warm = times.slice(1).sort((a, b) => a - b);
const median = warm.length ? (warm[(warm.length - 1) >> 1] + warm[warm.length >> 1]) / 2 : seconds;
writeFileSync(answerFile, JSON.stringify(answer));
console.log(JSON.stringify({ work, seconds, warm: median, loaded }));
