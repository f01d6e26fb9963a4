// Shared by the command launchers in bin/: an installed package runs the compiled dist/<modulePath>.js;
// a fresh clone of the repository (dist/ not built yet) runs the TypeScript source through tsx, a
// devDependency. The module's main(argv, env, io) resolves to the exit status; it reports its own
// failures, so what reaches the catch here is unexpected. The commands, and the module each runs,
// are listed once in bin/commands.js (the launchers are written from it: scripts/gen-commands.ts).
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
  cli.main(process.argv.slice(2), process.env, io).then(
    (status) => {
      process.exitCode = status;
    },
    (err) => {
      process.stderr.write(`${command}: unexpected error: ${err?.message ?? err}\n`);
      process.exitCode = 1;
    },
  );
}

/** What a command's main gets to talk to the world (the streams are read only when used). */
const io = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  /** For a command that serves until stopped: the first SIGINT or SIGTERM (handlers set on the first call; later signals ignored). */
  untilStopped() {
    return new Promise((resolve) => {
      for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => resolve(signal));
    });
  },
};

module.exports = { runCli };
