#!/usr/bin/env node
// Launcher of `dondominio-review` (provider/review/index.ts), through bin/run-cli.js.
require("./run-cli").runCli("dondominio-review", "provider/review/index");
