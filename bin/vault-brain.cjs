#!/usr/bin/env node
// Thin launcher: the CLI itself is bundled by esbuild into dist/cli.cjs (`npm run build`).
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const built = path.join(__dirname, '..', 'dist', 'cli.cjs');
if (!fs.existsSync(built)) {
  process.stderr.write('vault-brain: not built yet. Run `npm run build` in ' + path.dirname(__dirname) + '\n');
  process.exit(70);
}
require(built);
