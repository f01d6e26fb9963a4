/**
 * The external-dns webhook as it is deployed: `bin/dondominio-external-dns.js` in a process of its
 * own, configured by its environment, against an emulator on loopback (both listeners on free
 * ports; the JSON line it prints names them). Its stderr is kept for the log assertions.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { RunningEmulator } from "../../emulator";

export const ROOT = resolve(__dirname, "../..");
export const MEDIA_TYPE = "application/external.dns.webhook+json;version=1";

export interface WebhookProcess {
  url: string;
  healthUrl: string;
  log(): string;
  stop(): Promise<void>;
}

export async function startWebhookProcess(emu: RunningEmulator, env: Record<string, string> = {}): Promise<WebhookProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, "bin", "dondominio-external-dns.js")], {
    env: {
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      DONDOMINIO_API_USER: emu.apiUser,
      DONDOMINIO_API_PASSWD: emu.apiPasswd,
      DONDOMINIO_BASE_URL: emu.url,
      DONDOMINIO_CA_CERT_FILE: emu.caFile,
      DONDOMINIO_WEBHOOK_ADDRESS: "127.0.0.1:0",
      DONDOMINIO_HEALTH_ADDRESS: "127.0.0.1:0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const ready = await new Promise<{ webhook: string; health: string }>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the webhook did not start in 120 s: ${err}`)), 120_000);
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        res(JSON.parse(line));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      rej(new Error(`the webhook exited with ${code}: ${err}`));
    });
  });
  return {
    url: ready.webhook,
    healthUrl: ready.health,
    log: () => err,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once("exit", () => res());
        child.kill("SIGTERM");
      }),
  };
}

/** The API writes counted by the emulator since its counters were last reset. */
export function writesOf(emu: RunningEmulator): Record<string, number> {
  const calls = emu.server.counters.snapshot().calls;
  const out: Record<string, number> = {};
  for (const [action, n] of Object.entries(calls)) if (/dns(create|update|delete|deleteall|setzone)$/.test(action)) out[action] = n;
  return out;
}

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A metric's value from the webhook's /metrics text. */
export function metric(text: string, name: string): number {
  const m = new RegExp(`^${name} (\\d+)$`, "m").exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * What a scripts/ensure-*.sh that takes --background prints (a binary or a directory), or why not: built (0), building in the background (3), no Go (1).
 */
export function ensureBuilt(script: string): { dir?: string; skip?: string } {
  const r = spawnSync("bash", [join(ROOT, "scripts", script), "--background"], { encoding: "utf8", timeout: 300_000 });
  if (r.status === 0) return { dir: r.stdout.trim() };
  if (r.status === 3) return { skip: `being built in the background: ${r.stderr.trim().split("\n").pop()}` };
  if (/no Go toolchain/.test(r.stderr)) return { skip: `not built and no Go toolchain (${script})` };
  throw new Error(`${script} failed: ${r.stderr}`);
}
