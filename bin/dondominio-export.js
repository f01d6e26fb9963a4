#!/usr/bin/env node
// Launcher of `dondominio-export` (provider/export/index.ts). An installed package runs the compiled
// dist/; a fresh clone of the repository (dist/ not built yet) runs the TypeScript source through
// tsx, a devDependency, as bin/dondominio-ddns.js does.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const compiled = join(__dirname, "..", "dist", "provider", "export", "index.js");
let cli;
if (existsSync(compiled)) {
  cli = require(compiled);
} else {
  require("tsx/cjs");
  cli = require(join(__dirname, "..", "provider", "export", "index.ts"));
}
cli.main(process.argv.slice(2), process.env, process).then(
  (status) => {
    process.exitCode = status;
  },
  (err) => {
    process.stderr.write(`dondominio-export: unexpected error: ${err?.message ?? err}\n`);
    process.exitCode = 1;
  },
);
