/**
 * `pulumi-resource-dondominio`: the provider plugin the engine starts. The engine passes its own
 * gRPC address as the first argument (after any flags such as -v=9 or --logtostderr) and reads the
 * plugin's port from the first line of its stdout; after that line the plugin writes nothing more
 * to stdout (stray lines go to stderr, which the engine shows in its logs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { activateRunGate } from "../provider/core/run-gate";
import { buildInfo } from "./build-info";
import { serve } from "./server";

function packageVersion(): string {
  const built = buildInfo()?.version;
  if (built) return built;
  for (const up of ["..", "../.."]) {
    try {
      return JSON.parse(readFileSync(join(__dirname, up, "package.json"), "utf8")).version;
    } catch {}
  }
  return "0.0.0";
}

export async function main(argv: string[], _env: NodeJS.ProcessEnv, io: { stdout: NodeJS.WritableStream }): Promise<number> {
  const engineAddress = argv.find((a) => !a.startsWith("-"));
  // The engine starts the plugin once per run (preview, up, destroy): its writes wait for the run's
  // checks and are refused once one failed, as the dynamic provider's are (provider/core/run-gate.ts).
  activateRunGate();
  const { port } = await serve({ version: packageVersion(), engineAddress });
  io.stdout.write(`${port}\n`);
  console.log = console.error;
  console.info = console.error;
  // A stray rejection is reported (the engine shows the plugin's stderr) and the server keeps serving
  // the other resources: each request already answers its own errors.
  process.on("unhandledRejection", (err) => console.error(`pulumi-resource-dondominio: unhandled rejection: ${(err as Error)?.message ?? err}`));
  // Serves until the engine ends the process.
  return new Promise<number>(() => {});
}
