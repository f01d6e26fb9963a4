// The package's commands, one row each: the command's name (package.json "bin" and its launcher
// bin/<name>.js) and the module whose main(argv, env, io) runs it (bin/run-cli.js: dist/<module>.js,
// or <module>.ts through tsx in a clone). Each command's code stays in its layer; this is the one
// list of them. scripts/gen-commands.ts writes the launchers and package.json "bin" from it
// (`npm run gen`), tests/package/commands.test.ts checks them against it: adding a command is one
// row here, then `npm run gen`.
const COMMANDS = [
  { name: "dondominio-emulator", module: "emulator/cli" },
  { name: "dondominio-ddns", module: "sdk/ddns-cli" },
  { name: "dondominio-export", module: "provider/export/index" },
  { name: "dondominio-review", module: "provider/review/index" },
  { name: "dondominio-acme", module: "provider/acme/cli" },
  // The provider plugin: the engine starts it by this name (pulumi-resource-<package>), so its
  // launcher has no .js; hand-written (its start time matters: plugin/main.ts, scripts/plugin-archive.ts).
  { name: "pulumi-resource-dondominio", module: "plugin/main", launcher: "bin/pulumi-resource-dondominio" },
];

module.exports = { COMMANDS };
