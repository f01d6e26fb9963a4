/**
 * `dondominio-emulator`: runs the emulator until SIGTERM/SIGINT. Logs go to stderr; stdout gets
 * exactly one JSON line when the server is ready (url, dyndnsUrl, caFile, apiUser, apiPasswd,
 * dyndnsKey), so scripts can read it with one `read`. The flags only map onto startEmulator's options.
 */
import { parseArgs } from "node:util";
import { startEmulator } from "./index";

const USAGE = `usage: dondominio-emulator [--host 127.0.0.1] [--port 0] [--dyndns-port 0] [--data DIR] [--seed FILE] [--no-tls] [--latency MS]`;

function num(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: a non-negative integer is required, got ${JSON.stringify(v)}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string" },
      port: { type: "string" },
      "dyndns-port": { type: "string" },
      data: { type: "string" },
      seed: { type: "string" },
      "no-tls": { type: "boolean" },
      latency: { type: "string" },
      verbose: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const emu = await startEmulator({
    host: values.host,
    port: num("port", values.port),
    dyndnsPort: num("dyndns-port", values["dyndns-port"]),
    dataDir: values.data,
    seed: values.seed,
    tls: !values["no-tls"],
    latencyMs: num("latency", values.latency),
    logger: (line, error) => {
      if (error || values.verbose) process.stderr.write(`[dondominio-emulator] ${line}\n`);
    },
  });
  process.stderr.write(`[dondominio-emulator] listening on ${emu.url} (dynamic DNS ${emu.dyndnsUrl}), data in ${emu.dataDir}\n`);
  const ready = { url: emu.url, dyndnsUrl: emu.dyndnsUrl, caFile: emu.caFile, apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey };
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[dondominio-emulator] ${signal}: stopping\n`);
    emu.close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`[dondominio-emulator] stop failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  process.stderr.write(`[dondominio-emulator] ${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
});
