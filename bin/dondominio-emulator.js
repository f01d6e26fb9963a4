#!/usr/bin/env node
// Launcher for the compiled CLI (npm run build writes dist/).
require("../dist/emulator/cli.js");
