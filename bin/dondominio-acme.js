#!/usr/bin/env node
// Launcher of `dondominio-acme` (provider/acme/cli.ts) through bin/run-cli.js, which hands the arguments and
// the environment to its main unread. Written by scripts/gen-commands.ts from bin/commands.js: do not edit.
require("./run-cli").runCli("dondominio-acme", "provider/acme/cli");
