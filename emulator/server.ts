/**
 * The emulator's HTTPS server (plain HTTP only with `tls: false`), on 127.0.0.1 by default.
 * Routes on the API listener:
 *   /_emulator/...            control API (emulator/control.ts)
 *   /dyndns/{json,xml,plain}/ dynamic DNS endpoint (emulator/dyndns-http.ts)
 *   /<module>/<action>/       API calls (emulator/http/api.ts)
 * A second listener serves the dynamic DNS endpoint at the root of its own port, because ddclient
 * only takes a host[:port] (facts.md "Dynamic DNS").
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { type AddressInfo, isIP, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Ca, loadOrCreateCa } from "./core/ca";
import { Clock, type Delays } from "./core/clock";
import { AccessControl, type Limits } from "./core/access";
import { Counters } from "./core/counters";
import type { DispatchEnv } from "./core/dispatch";
import { FaultInjector } from "./core/faults";
import { RandomSource } from "./core/random";
import { buildWorld, type Identity, LOOPBACK, loadOrCreateIdentity, readSeed, type Seed } from "./core/seed";
import { Store } from "./core/store";
import { type ControlHost, handleControl } from "./control";
import { handleDyndns } from "./dyndns-http";
import { type ApiHost, handleApi } from "./http/api";
import { pathSegments } from "./http/routes";
import { type DnsListener, listenDns } from "./dns/server";
import { modules } from "./modules";

export interface EmulatorOptions {
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /** Data directory (state, CA, credentials); default a fresh temporary directory. */
  dataDir?: string;
  /** Seed used on first start and by reset: a JSON file path, a World, or { accounts: [...] }. */
  seed?: string | Seed;
  tls?: boolean;
  /** Latency added to every API call, in milliseconds. */
  latencyMs?: number;
  limits?: Partial<Limits>;
  delays?: Partial<Delays>;
  /** Validate every handler result against the catalogue (default true: the emulator's own check). */
  checkResponses?: boolean;
  /** Port of the second dynamic DNS listener (0 = any); false = none. */
  dyndnsPort?: number | false;
  /**
   * Port of the authoritative DNS listener for the hosted zones, UDP and TCP on `host` (0 = any free
   * port, reported as `dnsPort`); default none (emulator/dns/server.ts).
   */
  dnsPort?: number | false;
  /** Request log lines (stderr in the CLI); errors are logged with `error` true. */
  logger?: (line: string, error: boolean) => void;
  /**
   * Caller addresses the demo account accepts (its `allowedIps`, applied at every start and reset
   * over what the state or seed says) and the control API accepts. Default loopback; "*" = any.
   */
  allowedIps?: string[];
  /** The control API's bearer token; default a new random one at every start. */
  controlToken?: string;
  /**
   * Seed of the random source (authcodes, web constructor tokens, certificate serials): the same
   * seed and the same calls give the same values at every start and after every reset. Default: none
   * (node:crypto). Credentials (password, dynamic DNS key, control token) are never drawn from it.
   */
  randomSeed?: string;
}

/** Whether a listening address is loopback (127.0.0.0/8, ::1, IPv4-mapped loopback). */
export function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/i, "");
  return a === "::1" || a === "localhost" || (isIP(a) === 4 && a.startsWith("127."));
}

type AnyServer = http.Server | https.Server;

/** The server certificate, kept in the data directory and reissued when the host list changes. */
function serverCert(ca: Ca, dir: string, hosts: string[]): { cert: string; key: string } {
  const certFile = join(dir, "server.cert.pem");
  const keyFile = join(dir, "server.key.pem");
  const hostsFile = join(dir, "server.hosts");
  const want = hosts.join(",");
  if (existsSync(certFile) && existsSync(keyFile) && existsSync(hostsFile) && readFileSync(hostsFile, "utf8") === want) {
    return { cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
  }
  const issued = ca.issueServerCert(hosts);
  writeFileSync(keyFile, issued.keyPem, { mode: 0o600 });
  writeFileSync(certFile, issued.certPem);
  writeFileSync(hostsFile, want);
  return { cert: issued.certPem, key: issued.keyPem };
}

export class EmulatorServer implements ApiHost, ControlHost {
  readonly options: EmulatorOptions;
  readonly dataDir: string;
  readonly identity: Identity;
  readonly ca: Ca;
  readonly store: Store;
  readonly clock: Clock;
  readonly access: AccessControl;
  readonly faults = new FaultInjector();
  readonly counters = new Counters();
  readonly random: RandomSource;
  /** Requests held by an injected timeout; released on close. */
  readonly hanging = new Set<() => void>();
  private readonly seed: Seed | undefined;
  private readonly servers: AnyServer[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly ownsDataDir: boolean;
  url = "";
  dyndnsUrl = "";
  /** The DNS listener's port, when `dnsPort` asked for one. */
  dnsPort: number | undefined;
  private dns: DnsListener | undefined;
  /** Bearer token of the control API (never logged). */
  readonly controlToken: string;
  /** Addresses the demo account and the control API accept. */
  readonly allowedIps: string[];

  constructor(options: EmulatorOptions = {}) {
    this.options = options;
    if (options.controlToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(options.controlToken)) {
      throw new Error("controlToken: at least 16 printable ASCII characters without spaces");
    }
    this.controlToken = options.controlToken ?? randomBytes(24).toString("base64url");
    this.allowedIps = options.allowedIps ? [...options.allowedIps] : [...LOOPBACK];
    // Without a data dir the state is throw-away: a temp dir of our own, removed again by close()
    // (it holds the CA's private key; a thousand test runs used to leave a thousand of them).
    this.ownsDataDir = options.dataDir === undefined;
    this.dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "dondominio-emulator-"));
    this.ca = loadOrCreateCa(this.dataDir);
    this.identity = loadOrCreateIdentity(this.dataDir);
    this.seed = readSeed(options.seed);
    this.store = new Store(this.dataDir, () => this.freshWorld());
    if (options.allowedIps) {
      // The option wins over a state written with other addresses.
      const demo = Object.hasOwn(this.store.world.accounts, this.identity.apiUser) ? this.store.world.accounts[this.identity.apiUser] : undefined;
      if (demo && demo.allowedIps.join(",") !== this.allowedIps.join(",")) {
        demo.allowedIps = [...this.allowedIps];
        this.store.dirty = true;
      }
    }
    this.clock = new Clock(options.delays);
    this.clock.offsetMs = this.store.world.clockOffsetMs;
    this.access = new AccessControl(options.limits);
    this.random = new RandomSource(options.randomSeed);
  }

  get latencyMs(): number {
    return this.options.latencyMs ?? 0;
  }

  log(line: string, error = false): void {
    if (this.options.logger) this.options.logger(line, error);
    else if (error) process.stderr.write(`[dondominio-emulator] ${line}\n`);
  }

  dispatchEnv(): DispatchEnv {
    return { world: this.store.world, clock: this.clock, ca: this.ca, random: this.random, modules, checkResponses: this.options.checkResponses ?? true };
  }

  /** The world of the seed (or the default one), with the `allowedIps` option applied. */
  freshWorld(seed: Seed | undefined = this.seed): ReturnType<typeof buildWorld> {
    const world = buildWorld(this.identity, seed);
    if (this.options.allowedIps) world.accounts[this.identity.apiUser].allowedIps = [...this.allowedIps];
    return world;
  }

  /** A fresh world from the seed (keeps the identity); clears faults, usage counters and blocks; restarts the random sequence. */
  async reset(): Promise<void> {
    this.clock.offsetMs = 0;
    this.random.restart();
    this.faults.clear();
    this.faults.dropHeld();
    this.access.reset();
    this.counters.reset();
    await this.store.replace(this.freshWorld());
  }

  private listener(): AnyServer {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.route(req, res, false);
    if (this.options.tls === false) return http.createServer(handler);
    const host = this.options.host ?? "127.0.0.1";
    const hosts = [...new Set([host, "127.0.0.1", "localhost", "::1"])].filter((h) => h !== "0.0.0.0" && h !== "::");
    const { cert, key } = serverCert(this.ca, this.dataDir, hosts);
    return https.createServer({ cert, key }, handler);
  }

  private async listenOne(server: AnyServer, port: number): Promise<string> {
    const host = this.options.host ?? "127.0.0.1";
    server.on("connection", (s: Socket) => {
      this.sockets.add(s);
      s.once("close", () => this.sockets.delete(s));
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    this.servers.push(server);
    const addr = server.address() as AddressInfo;
    if (!isLoopback(addr.address) && this.servers.length === 1) {
      this.log(
        `WARNING: listening on ${addr.address}, not a loopback address: the control API (/_emulator/: reset, seed, clock) and the dynamic DNS endpoint are reachable from the network. The control API still needs the control token and a caller in allowedIps (${this.allowedIps.join(", ")}); use --host 127.0.0.1 unless other machines must call the emulator.`,
        true,
      );
    }
    // Bound to every address: name the loopback one, which the server certificate covers.
    const reach = addr.address === "0.0.0.0" ? "127.0.0.1" : addr.address === "::" ? "::1" : addr.address;
    const shown = isIP(reach) === 6 ? `[${reach}]` : reach;
    return `${this.options.tls === false ? "http" : "https"}://${shown}:${addr.port}`;
  }

  async listen(): Promise<void> {
    this.url = await this.listenOne(this.listener(), this.options.port ?? 0);
    if (this.options.dyndnsPort !== false) {
      const dyn = this.listener();
      dyn.removeAllListeners("request");
      dyn.on("request", (req, res) => void this.route(req, res, true));
      this.dyndnsUrl = await this.listenOne(dyn, this.options.dyndnsPort ?? 0);
    } else this.dyndnsUrl = `${this.url}/dyndns`;
    if (this.options.dnsPort !== undefined && this.options.dnsPort !== false) {
      this.dns = await listenDns(
        this.options.host ?? "127.0.0.1",
        this.options.dnsPort,
        () => this.store.world,
        (line, error) => this.log(line, error),
      );
      this.dnsPort = this.dns.port;
    }
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse, dyndnsRoot: boolean): Promise<void> {
    try {
      const segments = pathSegments(req.url);
      if (dyndnsRoot) return await handleDyndns(this, req, res, segments);
      if (segments[0] === "_emulator") return await handleControl(this, req, res, segments.slice(1));
      if (segments[0] === "dyndns") return await handleDyndns(this, req, res, segments.slice(1));
      return await handleApi(this, req, res, segments);
    } catch (err) {
      this.log(`ERROR ${req.method} ${req.url?.split("?")[0]}: ${(err as Error).stack ?? err}`, true);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain", "Content-Length": "22" }).end("emulator server error\n");
    }
  }

  /**
   * Stops listening, lets calls in flight finish (up to `graceMs`), drops the remaining connections
   * (held timeouts at once) and flushes the state.
   */
  async close(graceMs = 2_000): Promise<void> {
    for (const drop of [...this.hanging]) drop();
    const dns = this.dns?.close();
    this.dns = undefined;
    this.faults.dropHeld();
    const closing = Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    for (const s of this.servers) s.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closing, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const sock of this.sockets) sock.destroy();
    await closing;
    await dns;
    this.servers.length = 0;
    this.store.world.clockOffsetMs = this.clock.offsetMs;
    await this.store.flushIfDirty();
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
