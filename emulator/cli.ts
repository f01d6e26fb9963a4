/**
 * `dondominio-emulator`: runs the emulator until SIGTERM/SIGINT. Logs go to stderr; stdout gets
 * exactly one JSON line when the server is ready (url, dyndnsUrl, caFile, apiUser, apiPasswd,
 * dyndnsKey, controlToken; dnsPort with --dns-port), so scripts can read it with one `read`. The flags only map onto
 * startEmulator's options (the access limits onto `limits`, --allowed-ips onto `allowedIps`).
 * main(argv, env, io) is the whole command (bin/run-cli.js runs it; tests run it in process).
 */
import { isIP } from "node:net";
import { parseArgs } from "node:util";
import type { Limits } from "./core/access";
import { type EmulatorOptions, startEmulator } from "./index";

export interface EmulatorCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /**
   * Resolves with a signal's name when the emulator is to stop; until then it serves. bin/run-cli.js:
   * the first SIGINT or SIGTERM (later ones are ignored while it stops).
   */
  untilStopped(): Promise<string>;
}

const USAGE = [
  "usage: dondominio-emulator [--host 127.0.0.1] [--port 0] [--dyndns-port 0] [--dns-port 0] [--data DIR] [--seed FILE] [--random-seed TEXT] [--no-tls] [--latency MS] [--verbose]",
  "         [--allowed-ips ADDR,ADDR|*] [--max-concurrent N] [--operations-per-minute N] [--errors-per-minute N]",
  "         [--max-distinct-checks N] [--check-window SECONDS] [--block-seconds SECONDS] [--contact-verification-seconds SECONDS]",
].join("\n");

function num(name: string, v: string | undefined, min = 0): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new Error(`--${name}: ${min > 0 ? "a positive" : "a non-negative"} integer is required, got ${JSON.stringify(v)}`);
  }
  return n;
}

function addresses(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const list = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.filter((a) => a !== "*" && isIP(a) === 0);
  if (list.length === 0 || bad.length) throw new Error(`--allowed-ips: a comma-separated list of IP addresses (or *) is required, got ${JSON.stringify(v)}`);
  return list;
}

/** The flags (node:util parseArgs); the values are checked and mapped onto startEmulator options by optionsOf. */
const FLAGS = {
  host: { type: "string" },
  port: { type: "string" },
  "dyndns-port": { type: "string" },
  "dns-port": { type: "string" },
  data: { type: "string" },
  seed: { type: "string" },
  "random-seed": { type: "string" },
  "no-tls": { type: "boolean" },
  latency: { type: "string" },
  verbose: { type: "boolean" },
  "allowed-ips": { type: "string" },
  "max-concurrent": { type: "string" },
  "operations-per-minute": { type: "string" },
  "errors-per-minute": { type: "string" },
  "max-distinct-checks": { type: "string" },
  "check-window": { type: "string" },
  "block-seconds": { type: "string" },
  "contact-verification-seconds": { type: "string" },
  help: { type: "boolean" },
} as const;

/** The options of the command line (a bad flag throws, naming it); `help` when --help was given. */
function optionsOf(argv: string[]): { help: true } | { help: false; verbose: boolean; options: EmulatorOptions } {
  const { values } = parseArgs({ args: argv, options: FLAGS });
  if (values.help) return { help: true };
  const limits: Partial<Limits> = {};
  const set = (key: keyof Limits, n: number | undefined) => {
    if (n !== undefined) limits[key] = n;
  };
  set("maxConcurrent", num("max-concurrent", values["max-concurrent"], 1));
  set("opsPerMinute", num("operations-per-minute", values["operations-per-minute"], 1));
  set("errorsPerMinute", num("errors-per-minute", values["errors-per-minute"], 1));
  set("maxDistinctChecks", num("max-distinct-checks", values["max-distinct-checks"], 1));
  set("checkWindowSeconds", num("check-window", values["check-window"], 1));
  set("blockSeconds", num("block-seconds", values["block-seconds"]));
  // Contacts are verified only on request (control API) unless the timer is turned on.
  const verificationSec = num("contact-verification-seconds", values["contact-verification-seconds"]);
  const options: EmulatorOptions = {
    host: values.host,
    port: num("port", values.port),
    dyndnsPort: num("dyndns-port", values["dyndns-port"]),
    dnsPort: num("dns-port", values["dns-port"]),
    dataDir: values.data,
    seed: values.seed,
    randomSeed: values["random-seed"],
    tls: !values["no-tls"],
    latencyMs: num("latency", values.latency),
    limits,
    allowedIps: addresses(values["allowed-ips"]),
    ...(verificationSec !== undefined ? { delays: { contactVerificationSec: verificationSec } } : {}),
  };
  return { help: false, verbose: values.verbose === true, options };
}

/** The command: serves until io.untilStopped() resolves; resolves to the exit status (2: bad arguments or start). */
export async function main(argv: string[], _env: NodeJS.ProcessEnv, io: EmulatorCliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`[dondominio-emulator] ${line}\n`);
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  try {
    const args = optionsOf(argv);
    if (args.help) {
      io.stderr.write(`${USAGE}\n`);
      return 0;
    }
    emu = await startEmulator({ ...args.options, logger: (line, error) => (error || args.verbose ? say(line) : undefined) });
  } catch (err) {
    say(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  say(`listening on ${emu.url} (dynamic DNS ${emu.dyndnsUrl}${emu.dnsPort !== undefined ? `, DNS udp+tcp port ${emu.dnsPort}` : ""}), data in ${emu.dataDir}`);
  const ready = {
    url: emu.url,
    dyndnsUrl: emu.dyndnsUrl,
    caFile: emu.caFile,
    apiUser: emu.apiUser,
    apiPasswd: emu.apiPasswd,
    dyndnsKey: emu.dyndnsKey,
    controlToken: emu.controlToken,
    ...(emu.dnsPort !== undefined ? { dnsPort: emu.dnsPort } : {}),
  };
  io.stdout.write(`${JSON.stringify(ready)}\n`);
  say(`${await io.untilStopped()}: stopping`);
  try {
    await emu.close();
    return 0;
  } catch (err) {
    say(`stop failed: ${(err as Error).message}`);
    return 1;
  }
}
