#!/usr/bin/env node
// Launcher of `dondominio-external-dns` (provider/external-dns/cli.ts), through bin/run-cli.js. Nothing here reads the credentials.
require("./run-cli").runCli("dondominio-external-dns", "provider/external-dns/cli");
