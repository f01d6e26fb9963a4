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
import type { World } from "./core/state";
import { BodyError, parseBody, readBody } from "./http/body";
import { decideVerification, type RequestedVerification } from "./modules/contact/model";
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
      const account = Object.hasOwn(emu.store.world.accounts, user) ? emu.store.world.accounts[user] : undefined;
      if (!account) throw new ControlError(404, `contact/verification: account ${user || "(none given: send account)"} does not exist`);
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
    default:
      throw new ControlError(404, `unknown control path /_emulator/${cmd}`);
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
