// `node fresh-memory.mjs <runs>`: what this machine charges for memory touched for the first time.
// V8 gives every string over 128 kB a fresh memory mapping of its own (its pages fault in when the
// string is made, and go back to the system when it dies), while small strings share pages that
// stay mapped. The same 800 kB of text is made flat as one string and as forty 20 kB strings: the
// difference is the price of fresh pages, which every large output and every object a collection
// promotes pays in a watch run. A virtual machine that hands freed pages back to its host charges
// ten times what bare metal does.
import { summarise } from '../stats.mjs';

const runs = Number(process.argv[2] ?? 200);
const lines = Array.from({ length: 40_000 }, (_, i) => `  key${i}: 'value',\n`);
const PIECES = 40;
const perPiece = lines.length / PIECES;
let sink = 0;

/** A string built by `+=`, many small pieces deep (as a laid-out output is), then made flat. */
function flatOf(from, to) {
  let text = '';
  for (let i = from; i < to; i++) text += lines[i];
  // Reading the string as a number makes V8 flatten it first; the result is kept so that the
  // optimising compiler cannot drop the read.
  sink = Number(text);
  return text;
}

const oneLarge = () => flatOf(0, lines.length).length;
const inPieces = () => {
  let length = 0;
  for (let p = 0; p < PIECES; p++) length += flatOf(p * perPiece, (p + 1) * perPiece).length;
  return length;
};

function time(fn) {
  for (let i = 0; i < 20; i++) fn();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    ms.push(performance.now() - started);
  }
  return summarise(ms);
}

// In turns, so that a change of load moves both alike.
const large = [];
const pieces = [];
for (let round = 0; round < 5; round++) {
  large.push(time(oneLarge).median);
  pieces.push(time(inPieces).median);
}
process.stdout.write(
  `${JSON.stringify({ sink: String(sink), kB: Math.round(oneLarge() / 1024), oneString: summarise(large), inPieces: summarise(pieces) })}\n`,
);
