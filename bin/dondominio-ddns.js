#!/usr/bin/env node
// Launcher of `dondominio-ddns` (sdk/ddns-cli.ts). An installed package runs the compiled dist/; a
// fresh clone of the repository (dist/ not built yet) runs the TypeScript source through tsx, a
// devDependency, as bin/dondominio-emulator.js does.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const compiled = join(__dirname, "..", "dist", "sdk", "ddns-cli.js");
let cli;
if (existsSync(compiled)) {
  cli = require(compiled);
} else {
  require("tsx/cjs");
  cli = require(join(__dirname, "..", "sdk", "ddns-cli.ts"));
}
cli.main(process.argv.slice(2), process.env, process).then(
  (status) => {
    process.exitCode = status;
  },
  (err) => {
    // Thrown only before the key is read (main reports every later failure itself).
    process.stderr.write(`dondominio-ddns: unexpected error: ${err?.message ?? err}\n`);
    process.exitCode = 1;
  },
);
