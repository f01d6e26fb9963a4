// Shared by the command launchers in bin/: an installed package runs the compiled dist/<modulePath>.js;
// a fresh clone of the repository (dist/ not built yet) runs the TypeScript source through tsx, a
// devDependency. The module's main(argv, env, io) resolves to the exit status; it reports its own
// failures, so what reaches the catch here is unexpected.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

/** Runs `main` of <repo>/<modulePath>(.js in dist | .ts in the source) under the command's name. */
function runCli(command, modulePath) {
  const root = join(__dirname, "..");
  const compiled = join(root, "dist", `${modulePath}.js`);
  let cli;
  if (existsSync(compiled)) {
    cli = require(compiled);
  } else {
    require("tsx/cjs");
    cli = require(join(root, `${modulePath}.ts`));
  }
  cli.main(process.argv.slice(2), process.env, process).then(
    (status) => {
      process.exitCode = status;
    },
    (err) => {
      process.stderr.write(`${command}: unexpected error: ${err?.message ?? err}\n`);
      process.exitCode = 1;
    },
  );
}

module.exports = { runCli };
