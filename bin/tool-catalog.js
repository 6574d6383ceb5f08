#!/usr/bin/env node
// The `tool-catalog` binary: the compiled CLI lives in dist/ (built by `npm install` / `npm run build`).
import { main } from '../dist/cli.js';

await main();
