/**
 * `dondominio-external-dns` (bin/dondominio-external-dns.js): the external-dns webhook provider for
 * DonDominio, run as external-dns's sidecar (integrations/external-dns/). Configured by its
 * environment only, as a container is; `main(argv, env, io)` resolves to the exit status once the
 * servers stop (SIGTERM, SIGINT). When both listeners are up it prints one JSON line on stdout:
 * {"webhook": URL, "health": URL}.
 */
import { readFileSync, statSync } from "node:fs";
import { printable } from "../../sdk/core/printable";
import { closeTransports } from "../../sdk/core/transport";
import { getApi } from "../core/client";
import { acmeConfig } from "../acme/credentials";
import { startWebhook } from "./webhook";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface WebhookIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Resolves with a signal's name when the servers are to stop (bin/run-cli.js); else SIGTERM or SIGINT here. */
  untilStopped?(): Promise<string>;
}

export const EXTERNAL_DNS_HELP = `usage: dondominio-external-dns   (no arguments: its settings are the environment below)

The external-dns webhook provider for DonDominio: run it beside external-dns (--provider=webhook).
It serves the account's hosting services' zones as external-dns's domain filter, lists their
records, and writes external-dns's changes with the API, one record at a time.

Environment:
  DONDOMINIO_API_USER, DONDOMINIO_API_PASSWD     the API credentials
  DONDOMINIO_API_USER_FILE, DONDOMINIO_API_PASSWD_FILE   or files holding them (a mounted Secret)
  DONDOMINIO_CREDENTIALS_FILE                    or a file of NAME=value lines, chmod 600
  DONDOMINIO_BASE_URL, DONDOMINIO_CA_CERT_FILE   another endpoint (an emulator) and its CA
  DONDOMINIO_MAX_OPS_PER_MINUTE, DONDOMINIO_TIMEOUT_MS   API pacing (default 100) and call timeout
  DONDOMINIO_DRY_RUN=true                        plan and log every change, write nothing
  DONDOMINIO_DOMAIN_FILTER, DONDOMINIO_DOMAIN_EXCLUDE    zones to serve / never serve (a,b)
  DONDOMINIO_MAX_WRITES                          API writes one change set may make (default 500)
  DONDOMINIO_WEBHOOK_ADDRESS                     provider endpoints (default 127.0.0.1:8888)
  DONDOMINIO_HEALTH_ADDRESS                      /healthz and /metrics (default 0.0.0.0:8080)
  DONDOMINIO_WEBHOOK_REQUEST_TIMEOUT_MS          one request's deadline (default 110000)
  DONDOMINIO_WEBHOOK_MAX_BODY_BYTES              largest request taken (default 8 MiB)

The machine running this must call from an IP address registered for the account's API access.
`;

class UsageError extends Error {}

function positive(env: NodeJS.ProcessEnv, key: string, dflt: number): number {
  const raw = env[key]?.trim();
  if (!raw) return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${key}: a whole number above 0 is required, got ${JSON.stringify(raw.slice(0, 40))}`);
  return n;
}

function address(env: NodeJS.ProcessEnv, key: string, dflt: string): [string, number] {
  const raw = env[key]?.trim() || dflt;
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(raw);
  const port = m ? Number(m[3]) : Number.NaN;
  if (!m || port > 65535) throw new UsageError(`${key}: HOST:PORT is required (such as 127.0.0.1:8888), got ${JSON.stringify(raw.slice(0, 80))}`);
  return [m[1] ?? m[2], port];
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** DONDOMINIO_DRY_RUN: true/false (1/0, yes/no); anything else is refused, so a typo never writes. */
function dryRun(env: NodeJS.ProcessEnv): boolean {
  const raw = (env.DONDOMINIO_DRY_RUN ?? "").trim().toLowerCase();
  if (["", "false", "0", "no"].includes(raw)) return false;
  if (["true", "1", "yes"].includes(raw)) return true;
  throw new UsageError(`DONDOMINIO_DRY_RUN: true or false is required, got ${JSON.stringify(raw.slice(0, 40))}`);
}

/** A credential from a file (a mounted Kubernetes Secret): one line, at most 4 KiB; the message never holds it. */
function fromFile(key: string, file: string): string {
  let text: string;
  try {
    if (statSync(file).size > 4096) throw new Error("larger than 4 KiB");
    text = readFileSync(file, "utf8").trim();
  } catch (e) {
    throw new UsageError(`${key}: cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!text || /[\r\n\0]/.test(text)) throw new UsageError(`${key}: '${file}' must hold the value on one line`);
  return text;
}

/** The provider configuration: the variables, the *_FILE variables, or DONDOMINIO_CREDENTIALS_FILE (acme's reader). */
export function webhookConfig(env: NodeJS.ProcessEnv) {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const key of ["DONDOMINIO_API_USER", "DONDOMINIO_API_PASSWD"]) {
    const file = env[`${key}_FILE`];
    if (file && !env[key]) merged[key] = fromFile(`${key}_FILE`, file);
  }
  return acmeConfig(merged);
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, io: WebhookIo = process): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help") || argv[0] === "help") {
    io.stdout.write(EXTERNAL_DNS_HELP);
    return EXIT_OK;
  }
  const say = (line: string) => io.stderr.write(`dondominio-external-dns: ${printable(line, 4000)}\n`);
  let running: Awaited<ReturnType<typeof startWebhook>>;
  try {
    if (argv.length) throw new UsageError(`no arguments are taken (settings come from the environment), got ${JSON.stringify(argv[0].slice(0, 40))}`);
    const config = webhookConfig(env);
    const settings = {
      api: getApi(config),
      dryRun: dryRun(env),
      include: list(env.DONDOMINIO_DOMAIN_FILTER),
      exclude: list(env.DONDOMINIO_DOMAIN_EXCLUDE),
      maxBodyBytes: positive(env, "DONDOMINIO_WEBHOOK_MAX_BODY_BYTES", 8 << 20),
      maxWrites: positive(env, "DONDOMINIO_MAX_WRITES", 500),
      requestTimeoutMs: positive(env, "DONDOMINIO_WEBHOOK_REQUEST_TIMEOUT_MS", 110_000),
      zonesTtlMs: 5 * 60_000,
      log: say,
    };
    const provider = address(env, "DONDOMINIO_WEBHOOK_ADDRESS", "127.0.0.1:8888");
    const exposed = address(env, "DONDOMINIO_HEALTH_ADDRESS", "0.0.0.0:8080");
    running = await startWebhook(settings, provider, exposed);
    if (settings.dryRun) say("dry run: changes are planned and logged, nothing is written (DONDOMINIO_DRY_RUN)");
  } catch (e) {
    say((e as Error).message);
    if (e instanceof UsageError || /DONDOMINIO_|is not set/.test((e as Error).message)) {
      io.stderr.write(`\n${EXTERNAL_DNS_HELP}`);
      return EXIT_USAGE;
    }
    return EXIT_FAILED;
  }
  io.stdout.write(`${JSON.stringify({ webhook: running.url, health: running.healthUrl })}\n`);
  say(`serving external-dns at ${running.url}, /healthz and /metrics at ${running.healthUrl}`);
  const signal = await (io.untilStopped?.() ??
    new Promise<string>((resolve) => {
      process.once("SIGTERM", () => resolve("SIGTERM"));
      process.once("SIGINT", () => resolve("SIGINT"));
    }));
  say(`${signal}: stopping`);
  await running.close();
  // The servers are down: the API pools go too, so the process ends at once.
  await closeTransports();
  return EXIT_OK;
}
