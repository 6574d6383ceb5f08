// `node fresh-memory.mjs <runs>`: what this machine charges for memory touched for the first time.
// V8 gives every string over 128 kB a fresh memory mapping of its own (its pages fault in when the
// string is made, and go back to the system when it dies), while small strings share pages that
// stay mapped. The same 800 kB of text is made flat as one string and as forty 20 kB strings: the
// difference is the price of fresh pages, which every large output and every object a collection
// promotes pays in a watch run. A virtual machine that hands freed pages back to its host charges
// ten times what bare metal does.
import { interleave } from '../stats.mjs';

const runs = Number(process.argv[2] ?? 200);
const lines = Array.from({ length: 40_000 }, (_, i) => `  key${i}: 'value',\n`);
const PIECES = 40;
const perPiece = lines.length / PIECES;
// Module state, read at the end, so that the optimising compiler cannot drop the read that flattens.
let sink = 0;

/** A string built by `+=`, many small pieces deep (as a laid-out output is), then made flat. */
function flatOf(from, to) {
  let text = '';
  for (let i = from; i < to; i++) text += lines[i];
  sink = Number(text); // reading the string as a number makes V8 flatten it first
  return text;
}

const oneLarge = () => flatOf(0, lines.length).length;
const inPieces = () => {
  for (let p = 0; p < PIECES; p++) flatOf(p * perPiece, (p + 1) * perPiece);
};
const timed = (fn) => () => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};

// In turns, so that a change of load moves both alike.
const { oneString, pieces } = interleave(runs, {
  oneString: { fn: timed(oneLarge) },
  pieces: { fn: timed(inPieces) },
});
process.stdout.write(
  `${JSON.stringify({ kB: Math.round(oneLarge() / 1024), oneString, inPieces: pieces, flattened: Number.isNaN(sink) })}\n`,
);
