#!/usr/bin/env node
// Launcher of `dondominio-ddns` (sdk/ddns-cli.ts), through bin/run-cli.js. Nothing here reads the key.
require("./run-cli").runCli("dondominio-ddns", "sdk/ddns-cli");
