/**
 * Control API for tests and benchmarks, under the reserved prefix /_emulator/ (fake-gcs-server's
 * model). Every call is a POST with the emulator's control token in `Authorization: Bearer <token>`
 * (EmulatorServer.controlToken: random per start unless the `controlToken` option fixes it; the API
 * password does not open it). Before any byte of the body is read the call must pass, in order:
 * the caller address rule (the demo account's `allowedIps` option, loopback by default; 403), the
 * usage limits of the API counted per caller address (429 while blocked; failed calls, bad tokens
 * included, count towards errorsPerMinute), the token (401) and the body size (at most
 * MAX_CONTROL_BODY_BYTES, 413). The body is JSON (or form-encoded for the simple calls).
 * Replies are JSON with a real HTTP status (200, 400 bad input, 401 credentials, 403 address,
 * 404 unknown path, 405 method, 413 body, 429 blocked): this is not the vendor's API, so its
 * envelope rules do not apply.
 *
 *   reset                      fresh world from the seed; clears faults, counters, usage blocks
 *   seed {world} | {accounts}  a whole World replaces the state; accounts replace same-named ones
 *   clock/advance {seconds}    moves the emulator clock on (persisted); runs the tickers
 *   counters {reset?}          calls/errors per action, concurrency now and at peak
 *   faults/add {action, kind, count?, params?, latencyMs?, status?, errorCode?, messages?}
 *   faults                     list (and the actions of held calls);  faults/clear
 *   faults/release {action?}   runs the calls a hold fault keeps (of action, a name or pattern; all):
 *                              how many, and how long each was held (heldMs)
 *   state {account}            one account's state, every secret redacted
 *   contact/verification {account, contactID, status}
 *                              a contact's verification decided now: verified, failed, or inprocess held
 *   domain/transition {account, domain | domainID, status?, transferStatus?, hold?}
 *                              a registration or transfer moved now (modules/domain/transition.ts); 409 when not allowed
 *   domain/outcome {domain, taken?, premium?, price?, authcode?, registration?, transfer?, clear?}
 *                              the world outside for a name (modules/domain/outcomes.ts)
 *   service/usage {account, serviceName, ftpusage?, ftpfiles?, webtraffic?, ddbbusage?, logError?}
 *                              a hosting service's usage counters and error log (service/getinfo resources, logerror)
 *   ssl/validation {account, certificateID, domainName?, approve?, fetchFrom?, caCert?}
 *                              http/https/mail validation approved, held or fetched from loopback now (modules/ssl/dcv-request.ts)
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type RedactOptions, redact } from "../sdk/core/redact";
import { isSecretMember } from "../sdk/core/secrets";
import { sameSecret } from "./core/access";
import { runTickers } from "./core/dispatch";
import { ApiFault } from "./core/errors";
import { type FaultInjector, parseFault } from "./core/faults";
import type { Host } from "./core/host";
import { accountsOf, type Seed } from "./core/seed";
import type { AccountState, World } from "./core/state";
import { BodyError, parseBody, readBody } from "./http/body";
import { decideVerification, type RequestedVerification } from "./modules/contact/model";
import { type DomainRecord, findDomain } from "./modules/domain/model";
import { parseName } from "./modules/domain/names";
import { clearOutcome, type NameOutcome, REGISTRATION_OUTCOMES, setOutcome, TRANSFER_OUTCOMES } from "./modules/domain/outcomes";
import { transition } from "./modules/domain/transition";
import { type DcvDecision, type DcvRequest, decide, fetchCheck, loopbackUrl, targets } from "./modules/ssl/dcv-request";
import { getService, type ServiceRecord, type UsageCounter, USAGE_COUNTERS } from "./modules/service/model";
import { getCertificate } from "./modules/ssl/model";
import { send } from "./http/render";

/** What the control API uses of the emulator besides the Host. */
export interface ControlHost extends Host {
  readonly faults: FaultInjector;
  /** Bearer token of the control API. */
  readonly controlToken: string;
  /** Caller addresses the control API accepts. */
  readonly allowedIps: readonly string[];
  /** A fresh world from the seed given at start; clears faults, counters, usage blocks, clock offset. */
  reset(): Promise<void>;
  /** The world of a seed (the start's when none), with the emulator's options applied. */
  freshWorld(seed?: Seed): World;
}

const VERIFICATION_REQUESTS: readonly RequestedVerification[] = ["verified", "failed", "inprocess"];

/** The largest control body: a seed of a few accounts fits easily. */
export const MAX_CONTROL_BODY_BYTES = 1024 * 1024;

/**
 * State dumps go through the sdk's redact with the sdk's one secret rule (sdk/core/secrets.ts:
 * passwords, authcodes, dynamic DNS keys, private keys, tokens by name; PEM private keys by content),
 * on strings only: the world's flags and counters are never secrets.
 */
const STATE_REDACTION: RedactOptions = {
  mask: "[redacted]",
  isSecret: (name, v) => typeof v === "string" && isSecretMember(name, v),
};

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readControlBody(req: IncomingMessage): Promise<Record<string, any>> {
  let buf: Buffer;
  try {
    buf = await readBody(req, MAX_CONTROL_BODY_BYTES, MAX_CONTROL_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyError) throw new ControlError(err.tooLarge ? 413 : 400, `body: ${err.message}`);
    throw err;
  }
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    try {
      const v = JSON.parse(buf.toString("utf8") || "{}");
      if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("not an object");
      return v;
    } catch (err) {
      throw new ControlError(400, `body: invalid JSON (${(err as Error).message})`);
    }
  }
  return await parseBody(req.headers["content-type"], buf);
}

async function run(emu: ControlHost, cmd: string, body: Record<string, any>): Promise<unknown> {
  switch (cmd) {
    case "reset":
      await emu.reset();
      return { ok: true };
    case "seed": {
      let world: World;
      if (body.world || body.schemaVersion === 1) {
        world = emu.freshWorld((body.world ?? body) as World);
      } else if (body.accounts) {
        world = emu.store.world;
        for (const a of accountsOf(body.accounts))
          Object.defineProperty(world.accounts, a.apiuser, { value: a, enumerable: true, writable: true, configurable: true });
      } else throw new ControlError(400, "seed: send {world: World} or {accounts: [...]}");
      emu.clock.offsetMs = world.clockOffsetMs;
      await emu.store.replace(world);
      return { ok: true, accounts: Object.keys(world.accounts) };
    }
    case "clock/advance": {
      const seconds = Number(body.seconds);
      if (!Number.isFinite(seconds) || seconds < 0) throw new ControlError(400, "seconds: a non-negative number is required");
      emu.clock.advance(seconds);
      emu.store.world.clockOffsetMs = emu.clock.offsetMs;
      runTickers(emu.dispatchEnv());
      await emu.store.commit();
      return { ok: true, offsetSeconds: emu.clock.offsetMs / 1000, now: emu.clock.now().toISOString() };
    }
    case "counters": {
      const snap = emu.counters.snapshot();
      if (body.reset === true || body.reset === "true" || body.reset === "1") emu.counters.reset();
      return { ok: true, ...snap };
    }
    case "faults":
      return { ok: true, faults: emu.faults.list(), held: emu.faults.heldCalls() };
    case "faults/release": {
      const heldMs = emu.faults.release(typeof body.action === "string" && body.action !== "" ? body.action : undefined);
      return { ok: true, released: heldMs.length, heldMs };
    }
    case "faults/add": {
      const parsed = parseFault(body);
      if ("problem" in parsed) throw new ControlError(400, parsed.problem);
      const { pattern: _p, ...fault } = emu.faults.add(parsed.spec);
      return { ok: true, fault };
    }
    case "faults/clear":
      emu.faults.clear();
      return { ok: true };
    case "state": {
      const user = String(body.account ?? "");
      const account = Object.hasOwn(emu.store.world.accounts, user) ? emu.store.world.accounts[user] : undefined;
      if (!account) throw new ControlError(404, `state: account ${user || "(none given: send account)"} does not exist`);
      runTickers(emu.dispatchEnv());
      return { ok: true, account: redact(account, STATE_REDACTION), seq: emu.store.world.seq, clockOffsetMs: emu.clock.offsetMs };
    }
    case "contact/verification": {
      const user = String(body.account ?? "");
      const account = accountOf(emu, cmd, user);
      const id = String(body.contactID ?? "");
      const contact = Object.hasOwn(account.contacts, id) ? account.contacts[id] : undefined;
      if (!contact) throw new ControlError(404, `contact/verification: contact ${id || "(none given: send contactID)"} does not exist in account ${user}`);
      const status = String(body.status ?? "");
      if (!VERIFICATION_REQUESTS.includes(status as RequestedVerification))
        throw new ControlError(400, `contact/verification: status must be one of ${VERIFICATION_REQUESTS.join(", ")}`);
      runTickers(emu.dispatchEnv());
      decideVerification(contact, status as RequestedVerification);
      await emu.store.commit();
      return { ok: true, contactID: id, verificationstatus: contact.verificationstatus };
    }
    case "domain/transition": {
      const account = accountOf(emu, cmd, String(body.account ?? ""));
      runTickers(emu.dispatchEnv());
      const d = domainOf(cmd, account, body);
      const hold = body.hold === true || body.hold === "true" || body.hold === "1";
      const text = (v: unknown) => (v === undefined || v === "" ? undefined : String(v));
      const env = emu.dispatchEnv();
      const result = transition(
        emu.store.world,
        account,
        d,
        { status: text(body.status), transferStatus: text(body.transferStatus), hold },
        emu.clock.nowMs(),
        env,
      );
      if (typeof result === "string") throw new ControlError(409, `${cmd}: ${result}`);
      await emu.store.commit();
      return { ok: true, ...result };
    }
    case "domain/outcome": {
      let punycode: string;
      try {
        punycode = parseName(String(body.domain ?? "")).punycode;
      } catch (err) {
        if (err instanceof ApiFault) throw new ControlError(400, `${cmd}: domain: ${err.messages[0]}`);
        throw err;
      }
      const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
        const v = body[name];
        if (v === undefined || v === null || v === "") return undefined;
        if (!allowed.includes(v as T)) throw new ControlError(400, `${cmd}: ${name} must be one of ${allowed.join(", ")}`);
        return v as T;
      };
      const flag = (name: string): boolean | undefined => {
        const v = body[name];
        if (v === undefined || v === null || v === "") return undefined;
        if (v === true || v === "true" || v === "1") return true;
        if (v === false || v === "false" || v === "0") return false;
        throw new ControlError(400, `${cmd}: ${name} must be true or false`);
      };
      const price = (): number | undefined => {
        const v = body.price;
        if (v === undefined || v === null || v === "") return undefined;
        const n = Number(v);
        if (!Number.isFinite(n) || n <= 0 || Math.round(n * 100) !== n * 100)
          throw new ControlError(400, `${cmd}: price must be a positive amount with at most 2 decimals`);
        return n;
      };
      const authcode = (): string | undefined => {
        const v = body.authcode;
        if (v === undefined || v === null || v === "") return undefined;
        if (typeof v !== "string" || v.length > 255) throw new ControlError(400, `${cmd}: authcode must be text of at most 255 characters`);
        return v;
      };
      const clear = flag("clear") === true;
      const outcome: NameOutcome = {
        registration: pick("registration", REGISTRATION_OUTCOMES),
        transfer: pick("transfer", TRANSFER_OUTCOMES),
        taken: flag("taken"),
        premium: flag("premium"),
        price: price(),
        authcode: authcode(),
      };
      if (outcome.price !== undefined && outcome.premium === false)
        throw new ControlError(400, `${cmd}: price is a premium name's price: not with premium false`);
      // Members not sent keep their value; clear first goes back to the defaults for every member.
      for (const k of Object.keys(outcome) as (keyof NameOutcome)[]) if (!(k in body)) delete outcome[k];
      runTickers(emu.dispatchEnv());
      if (clear) clearOutcome(emu.store.world, punycode);
      const now = setOutcome(emu.store.world, punycode, outcome);
      await emu.store.commit();
      // The authcode set is a secret of the test's making; it is not echoed.
      const { authcode: set, ...shown } = now;
      return { ok: true, domain: punycode, outcome: { ...shown, ...(set !== undefined ? { authcode: "[set]" } : {}) } };
    }
    case "service/usage": {
      const account = accountOf(emu, cmd, String(body.account ?? ""));
      let svc: ServiceRecord;
      try {
        svc = getService(account, String(body.serviceName ?? ""));
      } catch (err) {
        if (err instanceof ApiFault) throw new ControlError(404, `${cmd}: ${err.messages[0]}`);
        throw err;
      }
      const usage: Partial<Record<UsageCounter, number>> = {};
      for (const k of USAGE_COUNTERS) {
        const v = body[k];
        if (v === undefined || v === null || v === "") continue;
        const n = Number(v);
        if (!Number.isSafeInteger(n) || n < 0)
          throw new ControlError(400, `${cmd}: ${k} must be a whole number of ${k === "ftpfiles" ? "files" : "bytes"}, 0 or more`);
        usage[k] = n;
      }
      const log = body.logError;
      if (log !== undefined && (typeof log !== "string" || Buffer.byteLength(log) > 65536))
        throw new ControlError(400, `${cmd}: logError must be text of at most 65536 bytes`);
      svc.usage = { ...svc.usage, ...usage };
      if (typeof log === "string") svc.logError = log;
      await emu.store.commit();
      return { ok: true, serviceName: svc.name, usage: svc.usage, logErrorBytes: Buffer.byteLength(svc.logError ?? "") };
    }
    case "ssl/validation": {
      const account = accountOf(emu, cmd, String(body.account ?? ""));
      runTickers(emu.dispatchEnv());
      const id = Number(body.certificateID);
      const cert = () => {
        try {
          return getCertificate(account, id);
        } catch (err) {
          if (err instanceof ApiFault) throw new ControlError(404, `${cmd}: ${err.messages[0]}`);
          throw err;
        }
      };
      const rec = cert();
      const text = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : String(v));
      const req: DcvRequest = {
        domainName: text(body.domainName),
        approve: !(body.approve === false || body.approve === "false" || body.approve === "0"),
        fetchFrom: text(body.fetchFrom),
        caCert: text(body.caCert),
      };
      const entries = targets(rec, req);
      if (typeof entries === "string") throw new ControlError(409, `${cmd}: ${entries}`);
      for (const e of entries) {
        const url = req.fetchFrom === undefined ? undefined : loopbackUrl(req.fetchFrom, e.method);
        if (typeof url === "string") throw new ControlError(400, `${cmd}: ${url}`);
      }
      const decisions: DcvDecision[] = [];
      for (const e of entries) {
        const reason = req.fetchFrom === undefined ? (req.approve ? undefined : "held") : await fetchCheck(e, req.fetchFrom, req.caCert);
        // The certificate may have changed while fetching: decide only an entry still waiting.
        if (cert().dcv[e.domainName] !== e || e.validated) continue;
        decide(e, reason === undefined);
        decisions.push({ domainName: e.domainName, method: e.method, validated: e.validated, ...(reason ? { reason } : {}) });
      }
      runTickers(emu.dispatchEnv());
      await emu.store.commit();
      return { ok: true, certificateID: rec.certificateID, status: cert().status, decisions };
    }
    default:
      throw new ControlError(404, `unknown control path /_emulator/${cmd}`);
  }
}

/** The account named in a control call, or 404. */
function accountOf(emu: ControlHost, cmd: string, user: string): AccountState {
  const account = Object.hasOwn(emu.store.world.accounts, user) ? emu.store.world.accounts[user] : undefined;
  if (!account) throw new ControlError(404, `${cmd}: account ${user || "(none given: send account)"} does not exist`);
  return account;
}

/** The domain a control call names (domain or domainID) in `account`, or 404. */
function domainOf(cmd: string, account: AccountState, body: Record<string, any>): DomainRecord {
  const domain = body.domain === undefined || body.domain === "" ? undefined : String(body.domain);
  const domainID = body.domainID === undefined || body.domainID === "" ? undefined : Number(body.domainID);
  if (domain === undefined && domainID === undefined) throw new ControlError(400, `${cmd}: send domain (or domainID)`);
  try {
    return findDomain(account, { domain, domainID });
  } catch (err) {
    if (err instanceof ApiFault) throw new ControlError(404, `${cmd}: ${err.messages[0]}`);
    throw err;
  }
}

/** The token from `Authorization: Bearer <token>`; undefined when the header is absent or another scheme. */
function bearer(req: IncomingMessage): string | undefined {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

/** Whether the control API takes calls from `ip` (the `allowedIps` option; loopback by default). */
export function controlAddressAllowed(emu: ControlHost, ip: string): boolean {
  const allowed = emu.allowedIps;
  return allowed.includes("*") || allowed.includes(ip) || allowed.includes(ip.replace(/^::ffff:/, ""));
}

/** Reads and drops what is left of a request body (at most its Content-Length). */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete) return resolve();
    req.on("data", () => {});
    req.once("end", resolve);
    req.once("error", () => resolve());
    req.once("close", resolve);
  });
}

export async function handleControl(emu: ControlHost, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const reply = async (status: number, data: unknown, headers: Record<string, string> = {}) => {
    if (status >= 400 && !req.complete) {
      // A refused call's body is not kept. A small one with a Content-Length is read and dropped so
      // the client gets its answer on a clean connection; any other is not read at all: the answer
      // goes out at once and the connection is closed (a client still sending may see a reset).
      const declared = req.headers["content-length"] === undefined ? Number.NaN : Number(req.headers["content-length"]);
      if (declared <= MAX_CONTROL_BODY_BYTES && req.headers["transfer-encoding"] === undefined) await drain(req);
      else res.setHeader("Connection", "close");
    }
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    send(res, status, "application/json; charset=utf-8", JSON.stringify(data));
  };
  const ip = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  // Everything up to the body read looks at the request line and headers only.
  if (!controlAddressAllowed(emu, ip))
    return await reply(403, { ok: false, error: `control API: the address ${ip} is not allowed (emulator option allowedIps)` });
  try {
    emu.access.admitControl(ip);
  } catch (err) {
    if (!(err instanceof ApiFault)) throw err;
    return await reply(
      429,
      { ok: false, error: `control API: ${err.messages[0]}`, errorCode: err.code },
      { "Retry-After": String(emu.access.limits.blockSeconds) },
    );
  }
  let failed = true;
  try {
    if (req.method !== "POST") throw new ControlError(405, "control calls are POST requests");
    const token = bearer(req);
    if (token === undefined || !sameSecret(token, emu.controlToken)) {
      throw new ControlError(401, "control API: send the emulator's control token as Authorization: Bearer <controlToken>");
    }
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!(declared <= MAX_CONTROL_BODY_BYTES)) throw new ControlError(413, `body: request body larger than ${MAX_CONTROL_BODY_BYTES} bytes`);
    const body = await readControlBody(req);
    const result = await run(emu, segments.join("/"), body);
    failed = false;
    await reply(200, result);
  } catch (err) {
    if (err instanceof ControlError) return await reply(err.status, { ok: false, error: err.message });
    if (err instanceof Error && /^seed /.test(err.message)) return await reply(400, { ok: false, error: err.message });
    throw err;
  } finally {
    emu.access.finishControl(ip, failed);
  }
}
