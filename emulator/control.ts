/**
 * Control API for tests and benchmarks, under the reserved prefix /_emulator/ (fake-gcs-server's
 * model). Every call is a POST whose body (JSON, or form-encoded for the simple ones) carries the
 * emulator's credentials `apiuser` and `apipasswd` (the demo account's, from emulator.json).
 * Replies are JSON with a real HTTP status (200, 400 bad input, 401 credentials, 404 unknown path):
 * this is not the vendor's API, so its envelope rules do not apply.
 *
 *   reset                      fresh world from the seed; clears faults, counters, usage blocks
 *   seed {world} | {accounts}  a whole World replaces the state; accounts replace same-named ones
 *   clock/advance {seconds}    moves the emulator clock on (persisted); runs the tickers
 *   counters {reset?}          calls/errors per action, concurrency now and at peak
 *   faults/add {action, kind, count?, latencyMs?, status?, errorCode?, messages?}
 *   faults                     list;  faults/clear
 *   state {apiuser}            one account's state, secrets redacted
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { runTickers } from "./core/dispatch";
import { type FaultSpec, validateFault } from "./core/faults";
import { accountsOf, buildWorld } from "./core/seed";
import type { World } from "./core/state";
import { parseBody, readBody } from "./http/body";
import { send } from "./http/render";
import type { EmulatorServer } from "./server";

/** Member names whose values are secrets (facts.md, common brief): replaced in state dumps. */
const SECRET_KEY = /passw(or)?d|dyndnskey|authcode|privatekey|sslkey|keydata|^key$/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && typeof v === "string" && v ? "[redacted]" : redact(v)]));
  }
  return value;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readControlBody(req: IncomingMessage): Promise<Record<string, any>> {
  const buf = await readBody(req, 64 * 1024 * 1024);
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
  return parseBody(req.headers["content-type"], buf);
}

async function run(emu: EmulatorServer, cmd: string, body: Record<string, any>): Promise<unknown> {
  switch (cmd) {
    case "reset":
      await emu.reset();
      return { ok: true };
    case "seed": {
      let world: World;
      if (body.world || body.schemaVersion === 1) {
        const { apiuser: _u, apipasswd: _p, ...rest } = body;
        world = buildWorld(emu.identity, (body.world ?? rest) as World);
      } else if (body.accounts) {
        world = emu.store.world;
        for (const a of accountsOf(body.accounts)) world.accounts[a.apiuser] = a;
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
      return { ok: true, faults: emu.faults.list() };
    case "faults/add": {
      const spec: Partial<FaultSpec> = { ...body, apiuser: undefined, apipasswd: undefined } as Partial<FaultSpec>;
      for (const k of ["count", "latencyMs", "status", "errorCode"] as const) if (typeof spec[k] === "string") spec[k] = Number(spec[k]);
      const problem = validateFault(spec);
      if (problem) throw new ControlError(400, problem);
      const { pattern: _p, ...fault } = emu.faults.add(spec as FaultSpec);
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
      return { ok: true, account: redact(account), seq: emu.store.world.seq, clockOffsetMs: emu.clock.offsetMs };
    }
    default:
      throw new ControlError(404, `unknown control path /_emulator/${cmd}`);
  }
}

export async function handleControl(emu: EmulatorServer, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const reply = (status: number, data: unknown) => send(res, status, "application/json; charset=utf-8", JSON.stringify(data));
  try {
    if (req.method !== "POST") throw new ControlError(405, "control calls are POST requests");
    const body = await readControlBody(req);
    if (body.apiuser !== emu.identity.apiUser || body.apipasswd !== emu.identity.apiPasswd) {
      throw new ControlError(401, "control API: send the emulator's apiuser and apipasswd in the body");
    }
    reply(200, await run(emu, segments.join("/"), body));
  } catch (err) {
    if (err instanceof ControlError) return reply(err.status, { ok: false, error: err.message });
    if (err instanceof Error && /^seed /.test(err.message)) return reply(400, { ok: false, error: err.message });
    throw err;
  }
}
