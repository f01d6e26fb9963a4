/**
 * Let's Encrypt's ACME test server, pebble, for the end-to-end tests: built and cached by
 * scripts/ensure-pebble.sh (lego likewise by scripts/ensure-lego.sh), started on loopback with its
 * own test certificate, told to resolve every name through the emulator's DNS (`-dnsserver`), with
 * its artificial validation sleep off (PEBBLE_VA_NOSLEEP) and no nonce rejections
 * (PEBBLE_WFE_NONCEREJECT=0). The tests skip only when Go is absent and the tools are not built.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { Agent, fetch } from "undici";

const ROOT = resolve(__dirname, "../..");

/** Why the tools cannot be had (Go absent), or undefined; throws when Go is there and a build fails. */
export function ensureTool(script: "ensure-pebble.sh" | "ensure-lego.sh"): { bin?: string; skip?: string } {
  let go = true;
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
  } catch {
    go = false;
  }
  try {
    const bin = execFileSync("bash", [join(ROOT, "scripts", script)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 900_000 }).trim();
    return { bin };
  } catch (e) {
    if (!go) return { skip: `no Go toolchain to build ${script.replace(/^ensure-|\.sh$/g, "")} (scripts/${script})` };
    throw e;
  }
}

/** A free loopback TCP port (closed again at once; pebble binds it next). */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface Pebble {
  directory: string;
  /** The management interface (/roots/0, /intermediates/0). */
  management: string;
  /** The CA of pebble's own HTTPS listener (minica), for clients to trust. */
  tlsCaFile: string;
  tlsCa: string;
  agent: Agent;
  log: () => string;
  /** The PEM served at management path `path` (e.g. "/intermediates/0"). */
  get(path: string): Promise<string>;
  stop(): Promise<void>;
}

/** `validitySeconds`: the lifetime of the certificates pebble issues (default 90 days, as Let's Encrypt). */
export async function startPebble(bin: string, dnsPort: number, workDir: string, validitySeconds = 7_776_000): Promise<Pebble> {
  const certs = join(dirname(dirname(bin)), "certs");
  const [listen, mgmt, http01, tls01] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const config = join(workDir, "pebble-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${listen}`,
        managementListenAddress: `127.0.0.1:${mgmt}`,
        certificate: join(certs, "localhost", "cert.pem"),
        privateKey: join(certs, "localhost", "key.pem"),
        httpPort: http01,
        tlsPort: tls01,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
        retryAfter: { authz: 1, order: 1 },
        keyAlgorithm: "ecdsa",
        profiles: { default: { description: "default", validityPeriod: validitySeconds } },
      },
    }),
  );
  const child: ChildProcess = spawn(bin, ["-config", config, "-dnsserver", `127.0.0.1:${dnsPort}`], {
    cwd: workDir,
    env: { PATH: process.env.PATH, PEBBLE_VA_NOSLEEP: "1", PEBBLE_WFE_NONCEREJECT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const tlsCaFile = join(certs, "pebble.minica.pem");
  const tlsCa = readFileSync(tlsCaFile, "utf8");
  const agent = new Agent({ connect: { ca: tlsCa } });
  const directory = `https://127.0.0.1:${listen}/dir`;
  const management = `https://127.0.0.1:${mgmt}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pebble exited: ${log}`);
    const ok = await fetch(directory, { dispatcher: agent }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 20_000) throw new Error(`pebble did not start in 20 s: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    directory,
    management,
    tlsCaFile,
    tlsCa,
    agent,
    log: () => log,
    async get(path) {
      const r = await fetch(`${management}${path}`, { dispatcher: agent });
      if (!r.ok) throw new Error(`pebble ${path}: HTTP ${r.status}`);
      return r.text();
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await agent.close();
    },
  };
}
