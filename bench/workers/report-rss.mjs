// Preloaded with `node --import` by the bench: prints the process's peak RSS when it exits.
process.on('exit', () =>
  process.stderr.write(`\ntool-catalog-bench-maxrss=${process.resourceUsage().maxRSS}\n`),
);
