#!/usr/bin/env node
// Launcher of the emulator CLI. An installed package runs the compiled dist/; a fresh clone of the
// repository (dist/ not built yet) runs the TypeScript source through tsx, a devDependency, so that
// `npm ci && npx dondominio-emulator` works with no other step.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const compiled = join(__dirname, "..", "dist", "emulator", "cli.js");
if (existsSync(compiled)) {
  require(compiled);
} else {
  require("tsx/cjs");
  require(join(__dirname, "..", "emulator", "cli.ts"));
}
