/**
 * The control API's handlers (emulator/control-routes.ts lists them with their paths and docs;
 * emulator/control.ts admits a call and runs one). A handler takes the parsed body, answers a
 * JSON-able object or throws ControlError with the HTTP status and a message naming the field.
 */
import { type RedactOptions, redact } from "../sdk/core/redact";
import { isSecretMember } from "../sdk/core/secrets";
import { runTickers } from "./core/dispatch";
import { ApiFault } from "./core/errors";
import { type FaultInjector, parseFault } from "./core/faults";
import type { Host } from "./core/host";
import { accountsOf, type Seed } from "./core/seed";
import type { AccountState, World } from "./core/state";
import { decideVerification, type RequestedVerification } from "./modules/contact/model";
import { type DomainRecord, findDomain } from "./modules/domain/model";
import { parseName } from "./modules/domain/names";
import { clearOutcome, type NameOutcome, REGISTRATION_OUTCOMES, setOutcome, TRANSFER_OUTCOMES } from "./modules/domain/outcomes";
import { transition } from "./modules/domain/transition";
import { getService, type UsageCounter, USAGE_COUNTERS } from "./modules/service/model";
import { type DcvDecision, type DcvRequest, decide, fetchCheck, loopbackUrl, targets } from "./modules/ssl/dcv-request";
import { getCertificate } from "./modules/ssl/model";

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

/** A control call's body: JSON, or form-encoded for the simple calls (so every member may be text). */
export type ControlBody = Record<string, any>;

/** A refused control call: its HTTP status and the message (which names the field and the rule). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One handler: `cmd` is its path, for messages. */
export type ControlHandler = (emu: ControlHost, body: ControlBody, cmd: string) => Promise<unknown>;

/** A member as given, or undefined when absent, null or empty (a form sends "" for none). */
function given(body: ControlBody, name: string): unknown {
  const v = body[name];
  return v === undefined || v === null || v === "" ? undefined : v;
}

function text(body: ControlBody, name: string): string | undefined {
  const v = given(body, name);
  return v === undefined ? undefined : String(v);
}

const isTrue = (v: unknown) => v === true || v === "true" || v === "1";
const isFalse = (v: unknown) => v === false || v === "false" || v === "0";

/** `run()` with the API's own refusal (ApiFault) as `status` (404: not found) naming the call. */
function found<T>(cmd: string, run: () => T, status = 404): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof ApiFault) throw new ControlError(status, `${cmd}: ${err.messages[0]}`);
    throw err;
  }
}

/** A member that must be a flag when given: true, false ("true"/"1", "false"/"0" in a form), else 400. */
function flag(cmd: string, body: ControlBody, name: string): boolean | undefined {
  const v = given(body, name);
  if (v === undefined) return undefined;
  if (isTrue(v) || isFalse(v)) return isTrue(v);
  throw new ControlError(400, `${cmd}: ${name} must be true or false`);
}

/** The account named in a control call, or 404. */
function accountOf(emu: ControlHost, cmd: string, user: string): AccountState {
  const account = Object.hasOwn(emu.store.world.accounts, user) ? emu.store.world.accounts[user] : undefined;
  if (!account) throw new ControlError(404, `${cmd}: account ${user || "(none given: send account)"} does not exist`);
  return account;
}

/** The domain a control call names (domain or domainID) in `account`, or 404. */
function domainOf(cmd: string, account: AccountState, body: ControlBody): DomainRecord {
  const domain = text(body, "domain");
  const id = given(body, "domainID");
  const domainID = id === undefined ? undefined : Number(id);
  if (domain === undefined && domainID === undefined) throw new ControlError(400, `${cmd}: send domain (or domainID)`);
  return found(cmd, () => findDomain(account, { domain, domainID }));
}

export const reset: ControlHandler = async (emu) => {
  await emu.reset();
  return { ok: true };
};

export const seed: ControlHandler = async (emu, body, cmd) => {
  let world: World;
  if (body.world || body.schemaVersion === 1) {
    world = emu.freshWorld((body.world ?? body) as World);
  } else if (body.accounts) {
    world = emu.store.world;
    for (const a of accountsOf(body.accounts))
      Object.defineProperty(world.accounts, a.apiuser, { value: a, enumerable: true, writable: true, configurable: true });
  } else throw new ControlError(400, `${cmd}: send {world: World} or {accounts: [...]}`);
  emu.clock.offsetMs = world.clockOffsetMs;
  await emu.store.replace(world);
  return { ok: true, accounts: Object.keys(world.accounts) };
};

export const advanceClock: ControlHandler = async (emu, body) => {
  const seconds = Number(body.seconds);
  if (!Number.isFinite(seconds) || seconds < 0) throw new ControlError(400, "seconds: a non-negative number is required");
  emu.clock.advance(seconds);
  emu.store.world.clockOffsetMs = emu.clock.offsetMs;
  runTickers(emu.dispatchEnv());
  await emu.store.commit();
  return { ok: true, offsetSeconds: emu.clock.offsetMs / 1000, now: emu.clock.now().toISOString() };
};

export const counters: ControlHandler = async (emu, body) => {
  const snap = emu.counters.snapshot();
  if (isTrue(body.reset)) emu.counters.reset();
  return { ok: true, ...snap };
};

export const listFaults: ControlHandler = async (emu) => ({ ok: true, faults: emu.faults.list(), held: emu.faults.heldCalls() });

export const addFault: ControlHandler = async (emu, body) => {
  const parsed = parseFault(body);
  if ("problem" in parsed) throw new ControlError(400, parsed.problem);
  const { pattern: _p, ...fault } = emu.faults.add(parsed.spec);
  return { ok: true, fault };
};

export const clearFaults: ControlHandler = async (emu) => {
  emu.faults.clear();
  return { ok: true };
};

export const releaseHeld: ControlHandler = async (emu, body) => {
  const heldMs = emu.faults.release(typeof body.action === "string" && body.action !== "" ? body.action : undefined);
  return { ok: true, released: heldMs.length, heldMs };
};

/**
 * State dumps go through the sdk's redact with the sdk's one secret rule (sdk/core/secrets.ts:
 * passwords, authcodes, dynamic DNS keys, private keys, tokens by name; PEM private keys by content),
 * on strings only: the world's flags and counters are never secrets.
 */
const STATE_REDACTION: RedactOptions = {
  mask: "[redacted]",
  isSecret: (name, v) => typeof v === "string" && isSecretMember(name, v),
};

export const state: ControlHandler = async (emu, body, cmd) => {
  const account = accountOf(emu, cmd, String(body.account ?? ""));
  runTickers(emu.dispatchEnv());
  return { ok: true, account: redact(account, STATE_REDACTION), seq: emu.store.world.seq, clockOffsetMs: emu.clock.offsetMs };
};

const VERIFICATION_REQUESTS: readonly RequestedVerification[] = ["verified", "failed", "inprocess"];

export const contactVerification: ControlHandler = async (emu, body, cmd) => {
  const user = String(body.account ?? "");
  const account = accountOf(emu, cmd, user);
  const id = String(body.contactID ?? "");
  const contact = Object.hasOwn(account.contacts, id) ? account.contacts[id] : undefined;
  if (!contact) throw new ControlError(404, `${cmd}: contact ${id || "(none given: send contactID)"} does not exist in account ${user}`);
  const status = String(body.status ?? "") as RequestedVerification;
  if (!VERIFICATION_REQUESTS.includes(status)) throw new ControlError(400, `${cmd}: status must be one of ${VERIFICATION_REQUESTS.join(", ")}`);
  runTickers(emu.dispatchEnv());
  decideVerification(contact, status);
  await emu.store.commit();
  return { ok: true, contactID: id, verificationstatus: contact.verificationstatus };
};

export const domainTransition: ControlHandler = async (emu, body, cmd) => {
  const account = accountOf(emu, cmd, String(body.account ?? ""));
  runTickers(emu.dispatchEnv());
  const d = domainOf(cmd, account, body);
  const to = { status: text(body, "status"), transferStatus: text(body, "transferStatus"), hold: isTrue(body.hold) };
  const result = transition(emu.store.world, account, d, to, emu.clock.nowMs(), emu.dispatchEnv());
  if (typeof result === "string") throw new ControlError(409, `${cmd}: ${result}`);
  await emu.store.commit();
  return { ok: true, ...result };
};

/** The members of a name's outcome that the body sets (members not sent are left out: they keep their value). */
function outcomeOf(cmd: string, body: ControlBody): NameOutcome {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const v = given(body, name);
    if (v !== undefined && !allowed.includes(v as T)) throw new ControlError(400, `${cmd}: ${name} must be one of ${allowed.join(", ")}`);
    return v as T | undefined;
  };
  const price = given(body, "price") === undefined ? undefined : Number(body.price);
  if (price !== undefined && (!Number.isFinite(price) || price <= 0 || Math.round(price * 100) !== price * 100))
    throw new ControlError(400, `${cmd}: price must be a positive amount with at most 2 decimals`);
  const authcode = given(body, "authcode");
  if (authcode !== undefined && (typeof authcode !== "string" || authcode.length > 255))
    throw new ControlError(400, `${cmd}: authcode must be text of at most 255 characters`);
  const outcome: NameOutcome = {
    registration: pick("registration", REGISTRATION_OUTCOMES),
    transfer: pick("transfer", TRANSFER_OUTCOMES),
    taken: flag(cmd, body, "taken"),
    premium: flag(cmd, body, "premium"),
    price,
    authcode: authcode as string | undefined,
  };
  if (outcome.price !== undefined && outcome.premium === false) throw new ControlError(400, `${cmd}: price is a premium name's price: not with premium false`);
  // Members not sent keep their value; clear first goes back to the defaults for every member.
  for (const k of Object.keys(outcome) as (keyof NameOutcome)[]) if (!(k in body)) delete outcome[k];
  return outcome;
}

export const domainOutcome: ControlHandler = async (emu, body, cmd) => {
  const punycode = found(`${cmd}: domain`, () => parseName(String(body.domain ?? "")).punycode, 400);
  const clear = flag(cmd, body, "clear") === true;
  const outcome = outcomeOf(cmd, body);
  runTickers(emu.dispatchEnv());
  if (clear) clearOutcome(emu.store.world, punycode);
  const now = setOutcome(emu.store.world, punycode, outcome);
  await emu.store.commit();
  // The authcode set is a secret of the test's making; it is not echoed.
  const { authcode: set, ...shown } = now;
  return { ok: true, domain: punycode, outcome: { ...shown, ...(set !== undefined ? { authcode: "[set]" } : {}) } };
};

export const serviceUsage: ControlHandler = async (emu, body, cmd) => {
  const account = accountOf(emu, cmd, String(body.account ?? ""));
  const svc = found(cmd, () => getService(account, String(body.serviceName ?? "")));
  const usage: Partial<Record<UsageCounter, number>> = {};
  for (const k of USAGE_COUNTERS) {
    const v = given(body, k);
    if (v === undefined) continue;
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
};

export const sslValidation: ControlHandler = async (emu, body, cmd) => {
  const account = accountOf(emu, cmd, String(body.account ?? ""));
  runTickers(emu.dispatchEnv());
  const cert = () => found(cmd, () => getCertificate(account, Number(body.certificateID)));
  const rec = cert();
  const req: DcvRequest = {
    domainName: text(body, "domainName"),
    approve: !isFalse(body.approve),
    fetchFrom: text(body, "fetchFrom"),
    caCert: text(body, "caCert"),
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
};
