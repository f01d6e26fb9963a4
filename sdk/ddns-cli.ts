/**
 * `dondominio-ddns` (bin/dondominio-ddns.js): the dynamic DNS client for cron and routers, on
 * updateDynamicDns (sdk/dyndns.ts). `main(argv, env, io)` is the whole command: it takes its
 * environment and its output streams as arguments so tests run it in-process, and returns the exit
 * status instead of exiting.
 *
 * The key never comes from an argument (every user of the machine reads argv through ps and
 * /proc, and shells keep it in their history) and is never printed: it is read from
 * DONDOMINIO_DDNS_KEY or from a file only its owner may read (the check ssh makes of private keys).
 * Nothing here puts a URL in a message: the request's URL carries the key.
 *
 * The endpoint's replies are hostile data: an address it returns is printed and stored only when it
 * is an address of the family asked (addressProblem), and every line printed has its control
 * characters escaped (core/printable.ts), so no reply can add a line to the "HOST RESULT ADDRESS"
 * output cron wrappers parse, nor reach the terminal as an escape sequence.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";
import { DonDominioError, DonDominioTlsError, type TlsFailureReason } from "./core/errors";
import { printable } from "./core/printable";
import { scrubText } from "./core/redact";
import { DEFAULT_DYNDNS_URL, updateDynamicDns } from "./dyndns";
import { canonicalIPv6, hostNameProblem, isPlainIPv4 } from "./rules";

/** Every update succeeded (updated, unchanged or skipped). */
export const EXIT_OK = 0;
/** At least one update failed (refused by the endpoint, or not delivered). */
export const EXIT_FAILED = 1;
/** Bad arguments or configuration, found before any request: nothing was sent. */
export const EXIT_USAGE = 2;

export interface DdnsIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const DDNS_HELP = `usage: dondominio-ddns --user USER --host HOST [--host HOST]... [--ip ADDRESS] [--url URL]
                      [--ca-file FILE] [--key-file FILE] [--state-file FILE]

Points the A record of each HOST (an existing record in a zone hosted at DonDominio) at this
machine's public address, or at --ip. Made for cron and routers.

  --user USER         the account's API user name
  --host HOST         a host name to update (repeat for several)
  --ip ADDRESS        the address to write, IPv4 or IPv6 (an IPv6 address updates the host's
                      existing AAAA record). Without it the endpoint writes the address it sees
                      the request come from.
  --url URL           the dynamic DNS endpoint, https:// only (default ${DEFAULT_DYNDNS_URL})
  --ca-file FILE      a CA certificate (PEM) to trust besides the system's; verification is never
                      turned off
  --key-file FILE     read the key from FILE, which must be readable by its owner only (chmod 600)
  --state-file FILE   where the last written addresses are kept (default
                      $XDG_STATE_HOME/dondominio-ddns/state.json, or
                      ~/.local/state/dondominio-ddns/state.json)
  -h, --help          this text

The key (panel: dynamic DNS key of the account) comes from the DONDOMINIO_DDNS_KEY environment
variable or from --key-file, never from the command line, where every user of the machine can read
it; it is never printed.

With --ip, a host whose last successful update wrote the same address is skipped: no request.
Without --ip the address is decided by the endpoint, so it cannot be known beforehand and every
run sends a request.

Output: one line per host on stdout, "HOST RESULT ADDRESS", RESULT one of
  updated    the record now holds ADDRESS
  unchanged  the record already held ADDRESS
  skipped    no request: ADDRESS was written by the last successful update
  failed     the update did not happen (ADDRESS is --ip or "-"); the reason is on stderr. A reply
             whose address is not an IPv4/IPv6 address of the family of --ip counts as failed
ADDRESS is always an address or "-"; text from the endpoint is shown on stderr with control
characters escaped (\\u001b, \\u2028), never raw.
Exit status: 0 every host updated, unchanged or skipped; 1 an update failed; 2 bad arguments or
configuration (nothing was sent).

Example (crontab, every 5 minutes):
  */5 * * * * dondominio-ddns --user myuser --host home.example.com --key-file ~/.config/dondominio-ddns.key
`;

/** A fault in the arguments or the configuration, found before any request. */
class UsageError extends Error {}

const OPTIONS = {
  user: { type: "string" },
  host: { type: "string", multiple: true },
  ip: { type: "string" },
  url: { type: "string" },
  "ca-file": { type: "string" },
  "key-file": { type: "string" },
  "state-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Option names a user may try for the key: refused by name, their value never repeated. */
const KEY_OPTIONS = new Set(["key", "password", "passwd", "apikey", "dyndns-key"]);

interface Args {
  user: string;
  hosts: string[];
  ip?: string;
  url: string;
  caFile?: string;
  keyFile?: string;
  stateFile?: string;
  help: boolean;
}

/**
 * Reads argv token by token (parseArgs with strict off) so that no error repeats a value: an
 * unknown `--key=...` or a stray positional could be the key itself.
 */
function parse(argv: string[]): Args {
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const single = new Map<string, string>();
  const hosts: string[] = [];
  let help = false;
  for (const t of tokens) {
    if (t.kind === "positional") {
      throw new UsageError(`unexpected argument number ${t.index + 1} (not repeated here: it could be a secret); every value follows its option`);
    }
    if (t.kind === "option-terminator") throw new UsageError("unexpected --");
    if (KEY_OPTIONS.has(t.name)) {
      throw new UsageError(
        `${t.rawName} is refused: the key is never taken from the command line, where every user of this machine can read it (ps, /proc) and the shell history keeps it; set DONDOMINIO_DDNS_KEY or use --key-file FILE (readable by its owner only)`,
      );
    }
    const spec = (OPTIONS as Record<string, { type: string }>)[t.name];
    if (!spec) throw new UsageError(`unknown option ${t.rawName}`);
    if (spec.type === "boolean") {
      if (t.value !== undefined) throw new UsageError(`${t.rawName} takes no value`);
      help = true;
      continue;
    }
    // strict off: a missing value is undefined, or the next option taken as the value.
    if (t.value === undefined || t.value === "" || (!t.inlineValue && t.value.startsWith("-"))) throw new UsageError(`${t.rawName} needs a value`);
    if (t.name === "host") hosts.push(t.value);
    else if (single.has(t.name)) throw new UsageError(`${t.rawName} is given twice`);
    else single.set(t.name, t.value);
  }
  return {
    user: single.get("user") ?? "",
    hosts,
    ip: single.get("ip"),
    url: single.get("url") ?? DEFAULT_DYNDNS_URL,
    caFile: single.get("ca-file"),
    keyFile: single.get("key-file"),
    stateFile: single.get("state-file"),
    help,
  };
}

/** --ip in the form the record stores (sdk/rules/ip.ts): plain dotted quad, or canonical IPv6. */
function normaliseIp(raw: string): string {
  const v = raw.trim();
  if (isPlainIPv4(v)) return v;
  const v6 = canonicalIPv6(v);
  if (v6) return v6;
  throw new UsageError(
    `--ip ${JSON.stringify(v.slice(0, 64))}: must be an IPv4 address as a dotted quad without leading zeros (192.0.2.1) or an IPv6 address without a zone id (2001:db8::1)`,
  );
}

function normaliseHost(raw: string): string {
  const name = raw.trim().replace(/\.$/, "");
  const problem = hostNameProblem(name, { minLabels: 2 });
  if (problem) throw new UsageError(`--host ${JSON.stringify(raw.slice(0, 80))}: not a host name such as home.example.com: ${problem}`);
  return name.toLowerCase();
}

function normaliseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError("--url is not a URL (e.g. https://dondns.dondominio.com)");
  }
  if (url.protocol !== "https:")
    throw new UsageError(`--url must be an https:// URL: every request carries the key, which must not travel unencrypted (got ${url.protocol}//)`);
  return raw.trim().replace(/\/+$/, "");
}

/** The key file's mode (ssh's rule for private keys) and owner, then its one line. */
function readKeyFile(file: string): string {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(file);
  } catch (e) {
    throw new UsageError(`key file '${file}' cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (!st.isFile()) throw new UsageError(`key file '${file}' is not a regular file`);
  // Windows has no such mode bits; its ACLs are not checked here.
  if (process.platform !== "win32") {
    const mode = st.mode & 0o777;
    if (mode & 0o077) {
      const octal = `0${mode.toString(8).padStart(3, "0")}`;
      throw new UsageError(`permissions ${octal} for key file '${file}' are too open: it must be readable by its owner only (chmod 600 '${file}')`);
    }
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid && st.uid !== 0) throw new UsageError(`key file '${file}' belongs to another user (uid ${st.uid})`);
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`key file '${file}' cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const key = text.trim();
  if (!key) throw new UsageError(`key file '${file}' is empty`);
  if (/[\r\n]/.test(key)) throw new UsageError(`key file '${file}' must hold the key alone, on one line`);
  return key;
}

function readKey(args: Args, env: NodeJS.ProcessEnv): string {
  if (args.keyFile !== undefined) return readKeyFile(args.keyFile);
  const key = env.DONDOMINIO_DDNS_KEY?.trim();
  if (!key) throw new UsageError("no key: set DONDOMINIO_DDNS_KEY or use --key-file FILE (readable by its owner only)");
  return key;
}

/** The CA's PEM text (read here, so that a wrong path is a usage error and not a TLS failure). */
function readCa(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`CA file '${file}' cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) throw new UsageError(`CA file '${file}' holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return pem;
}

// The state file: the address each url + user + host got from its last successful update.

interface StateEntry {
  ip: string;
  at: string;
}
interface DdnsState {
  version: 1;
  entries: Record<string, StateEntry>;
}

/** An address as this command writes it to the state file: a plain dotted quad or canonical IPv6. */
function storedAddress(v: string): boolean {
  return isPlainIPv4(v) || canonicalIPv6(v) === v;
}

/**
 * Why an address the endpoint returned is not one to print or store, or undefined when it is:
 * IPv4 (plain dotted quad) or IPv6 (without zone id, any spelling, nothing around it), and of the
 * family of --ip when one was given. Without --ip the endpoint wrote the address the request came
 * from, whichever family the connection used.
 */
function addressProblem(value: string, asked: string | undefined): string | undefined {
  const v4 = isPlainIPv4(value);
  const v6 = !v4 && /^[0-9A-Fa-f:.]+$/.test(value) && canonicalIPv6(value) !== undefined;
  if (!v4 && !v6) return "is not an IPv4 or IPv6 address";
  if (asked !== undefined && isPlainIPv4(asked) !== v4) return `is an ${v4 ? "IPv4" : "IPv6"} address, and --ip asked for ${v4 ? "IPv6" : "IPv4"}`;
  return undefined;
}

export function defaultStatePath(env: NodeJS.ProcessEnv): string {
  // XDG Base Directory: a relative XDG_STATE_HOME is invalid and ignored.
  const xdg = env.XDG_STATE_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME?.trim() || homedir(), ".local", "state");
  return join(base, "dondominio-ddns", "state.json");
}

function stateKey(url: string, user: string, host: string): string {
  return JSON.stringify([url, user, host]);
}

/** The state, or an empty one when the file is missing; `warn` for one it cannot read. */
function loadState(path: string, warn: (line: string) => void): DdnsState {
  const empty: DdnsState = { version: 1, entries: {} };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") warn(`state file '${path}' cannot be read (${(e as NodeJS.ErrnoException).code}); every host is sent`);
    return empty;
  }
  try {
    const j = JSON.parse(text);
    if (j?.version !== 1 || typeof j.entries !== "object" || j.entries === null) throw new Error("not a state file");
    const entries: Record<string, StateEntry> = Object.create(null);
    for (const [k, v] of Object.entries(j.entries as Record<string, StateEntry>))
      if (typeof v?.ip === "string" && storedAddress(v.ip)) entries[k] = { ip: v.ip, at: String(v.at ?? "") };
    return { version: 1, entries };
  } catch {
    warn(`state file '${path}' is not valid; every host is sent and the file is rewritten`);
    return empty;
  }
}

/** Merged into the file as it is now (another run may have written it), written to a temp file and renamed over it. */
function saveState(path: string, changes: Record<string, StateEntry>, warn: (line: string) => void): void {
  const state = loadState(path, () => undefined);
  Object.assign(state.entries, changes);
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    warn(`state file '${path}' cannot be written (${(e as NodeJS.ErrnoException).code ?? "error"}); the next run sends again`);
  }
}

const TLS_HINTS: Record<TlsFailureReason, string> = {
  untrustedCertificate: "its certificate is not issued by a trusted CA; give the CA that signed it with --ca-file FILE (verification is never turned off)",
  expiredCertificate: "its certificate has expired; the server must renew it (check this machine's clock too)",
  certificateNotYetValid: "its certificate is not valid yet; check this machine's clock",
  hostnameMismatch: "its certificate is for another host name; use a --url whose host the certificate names",
  tlsHandshake: "the TLS handshake failed; check that --url is the server's HTTPS address and --ca-file its CA",
};

/** One line for an error thrown by updateDynamicDns; built from codes, the sdk's own messages (which carry no URL) and nothing else. */
function describe(err: unknown, key: string): string {
  if (err instanceof DonDominioTlsError)
    return `TLS with ${err.host} refused (${err.code ?? err.reason}): ${TLS_HINTS[err.reason] ?? TLS_HINTS.tlsHandshake}; nothing was sent`;
  const text = err instanceof DonDominioError ? err.message : `unexpected error: ${(err as Error)?.message ?? String(err)}`;
  return scrubText(text.replace(/[\r\n]+/g, " "), [key]);
}

/** The endpoint's messages for one line: separated by "; ", line breaks flattened, each cut to 300 characters. */
function serverMessages(messages: string[]): string {
  return messages.map((m) => printable(m.replace(/[\r\n]+/g, " "), 300)).join("; ");
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: DdnsIo): Promise<number> {
  // Every line printed is escaped here, whatever it holds (server text reaches both streams).
  const warn = (line: string) => io.stderr.write(`dondominio-ddns: ${printable(line, 4000)}\n`);
  if (argv.some((a) => a === "--help" || a === "-h")) {
    io.stdout.write(DDNS_HELP);
    return EXIT_OK;
  }
  let args: Args;
  let key: string;
  let caCert: string | undefined;
  let ip: string | undefined;
  let hosts: string[];
  try {
    args = parse(argv);
    if (!args.user.trim()) throw new UsageError("--user is required");
    if (args.hosts.length === 0) throw new UsageError("--host is required (repeat it for several hosts)");
    hosts = [...new Set(args.hosts.map(normaliseHost))];
    ip = args.ip === undefined ? undefined : normaliseIp(args.ip);
    args.url = normaliseUrl(args.url);
    caCert = args.caFile === undefined ? undefined : readCa(args.caFile);
    key = readKey(args, env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    warn(e.message);
    io.stderr.write(
      "usage: dondominio-ddns --user USER --host HOST [--host HOST]... [--ip ADDRESS] [--url URL] [--ca-file FILE] [--key-file FILE] [--state-file FILE] (--help)\n",
    );
    return EXIT_USAGE;
  }
  const user = args.user.trim();
  const statePath = args.stateFile ?? defaultStatePath(env);
  // Without --ip the endpoint decides the address: nothing to compare with.
  const state = ip === undefined ? undefined : loadState(statePath, warn);
  const written: Record<string, StateEntry> = {};
  let failed = 0;
  let stopped = false;
  for (const [i, host] of hosts.entries()) {
    const entry = stateKey(args.url, user, host);
    const out = (result: string, address: string) => io.stdout.write(`${printable(`${host} ${result} ${address}`, 300)}\n`);
    if (stopped) {
      failed++;
      out("failed", ip ?? "-");
      continue;
    }
    if (ip !== undefined && state?.entries[entry]?.ip === ip) {
      out("skipped", ip);
      continue;
    }
    try {
      const r = await updateDynamicDns({ user, key, host, ip, baseUrl: args.url, caCert, format: "json", lang: "en" });
      const problem = r.success && r.value ? addressProblem(r.value, ip) : undefined;
      if (problem) {
        // The endpoint says it succeeded, but what it says it wrote is no address: nothing is printed as one or stored.
        failed++;
        out("failed", ip ?? "-");
        warn(
          `${host}: the endpoint reported success, but the address it returned ${problem}: "${printable(r.value, 64)}"; the update is counted as failed and not remembered`,
        );
      } else if (r.success) {
        const value = r.value ? (isPlainIPv4(r.value) ? r.value : (canonicalIPv6(r.value) as string)) : (ip ?? "");
        out(r.updated ? "updated" : "unchanged", value || "-");
        if (value) written[entry] = { ip: value, at: new Date().toISOString() };
      } else {
        failed++;
        out("failed", ip ?? "-");
        warn(`${host}: ${serverMessages(r.messages) || "the endpoint refused the update"}`);
      }
    } catch (e) {
      // A thrown error is the endpoint's or the connection's (TLS, network, unreadable reply): the
      // same for every host, so the others are not tried.
      failed++;
      out("failed", ip ?? "-");
      const rest = hosts.length - i - 1;
      warn(`${host}: ${describe(e, key)}${rest ? `; the ${rest} other host(s) were not tried` : ""}`);
      stopped = true;
    }
  }
  if (Object.keys(written).length) saveState(statePath, written, warn);
  return failed ? EXIT_FAILED : EXIT_OK;
}
