#!/usr/bin/env node
// Launcher of `dondominio-acme` (provider/acme/cli.ts), through bin/run-cli.js. Nothing here reads the credentials.
require("./run-cli").runCli("dondominio-acme", "provider/acme/cli");
