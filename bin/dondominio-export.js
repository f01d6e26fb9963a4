#!/usr/bin/env node
// Launcher of `dondominio-export` (provider/export/index.ts), through bin/run-cli.js.
require("./run-cli").runCli("dondominio-export", "provider/export/index");
