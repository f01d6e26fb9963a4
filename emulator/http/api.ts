/**
 * One API call over HTTP: body -> parameters -> injected fault -> access rules -> dispatch ->
 * persistence -> rendered envelope. Every envelope is HTTP 200 (facts.md "Responses and errors");
 * only injected http5xx faults answer otherwise.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { getOperation, type Operation } from "../../sdk/catalogue";
import { dispatch, type Envelope, envelope, isReadOnly, prepareParams } from "../core/dispatch";
import { ApiFault } from "../core/errors";
import type { FaultInjector } from "../core/faults";
import type { Host } from "../core/host";
import type { AccountState } from "../core/state";
import { BodyError, oversizedParam, parseBody, readBody } from "./body";
import { outputOf, renderEnvelope, send } from "./render";
import { nameForMessage } from "./utf8";
import { ErrorCode } from "../../sdk/core/error-codes";

/** What an API call uses of the emulator besides the Host: injected faults, held requests, added latency. */
export interface ApiHost extends Host {
  readonly faults: FaultInjector;
  /** Requests held by an injected timeout; the server drops them on close. */
  readonly hanging: Set<() => void>;
  /** Latency added to every API call (option latencyMs). */
  readonly latencyMs: number;
}

/** Names a call asks availability for, counted by the mass-check rule (spec rule 3). */
function checkedNames(action: string, params: Record<string, string>): string[] {
  if (action === "domain/check" || action === "domain/checkfortransfer") return (params.domain ?? "").split(",").filter(Boolean);
  if (action === "tool/domainsuggests") return params.query ? [`suggest:${params.query}`] : [];
  return [];
}

/**
 * Runs the call under the per-parameter length limit (MAX_PARAM_BYTES, body.ts): a value over it is
 * answered with 105 naming it, and never reaches a handler that stores. When the action's own rules
 * refuse the call anyway (a TXT value over 4000 characters, a name that is no domain name, a tool
 * query over DNS lengths) their more precise answer wins: a write is checked against its catalogue
 * schema first, a read (which stores nothing) runs and keeps its refusal, its success becoming the
 * 105. Unknown actions are left to dispatch (102).
 */
async function dispatchLimited(
  emu: ApiHost,
  operation: Operation | undefined,
  account: AccountState,
  action: string,
  params: Record<string, string>,
  ip: string,
): Promise<Envelope> {
  const long = operation ? oversizedParam(params) : undefined;
  if (!operation || !long) return dispatch(emu.dispatchEnv(), account, action, params, ip);
  const refused = envelope(
    operation.name,
    ErrorCode.INVALID_PARAMETER,
    [`Invalid parameter: ${nameForMessage(long.name)}: at most ${long.limit} bytes (${long.bytes} given)`],
    [],
  );
  if (isReadOnly(operation)) {
    const env = await dispatch(emu.dispatchEnv(), account, action, params, ip);
    return env.success ? refused : env;
  }
  if (!operation.params.safeParse(prepareParams(operation, params)).success) return dispatch(emu.dispatchEnv(), account, action, params, ip);
  return refused;
}

/** Waits until the client closes the connection (injected timeout: nothing is ever answered). */
function hang(emu: ApiHost, req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.socket.destroyed) return resolve();
    // Server shutdown ends a held request by dropping its connection.
    const drop = () => req.socket.destroy();
    emu.hanging.add(drop);
    req.socket.once("close", () => {
      emu.hanging.delete(drop);
      resolve();
    });
  });
}

export async function handleApi(emu: ApiHost, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const operation = segments.length === 2 ? getOperation(segments.join("/")) : undefined;
  const action = operation?.name ?? segments.join("/");
  const ip = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  emu.counters.begin(action);
  let format: "json" | "xml" = "json";
  let pretty = false;
  const reply = (env: Envelope) => {
    if (!env.success) emu.counters.error(action);
    const out = renderEnvelope(env, format, pretty);
    send(res, 200, out.contentType, out.body);
  };
  try {
    let params: Record<string, string>;
    try {
      params = await parseBody(req.headers["content-type"], await readBody(req));
    } catch (err) {
      if (!(err instanceof BodyError)) throw err;
      // An oversized body: the envelope, then the connection is closed (its rest was read and
      // dropped, or, past MAX_DRAIN_BYTES, is discarded by Node until the close).
      if (err.tooLarge) res.setHeader("Connection", "close");
      return reply(envelope(action, ErrorCode.SYNTAX_ERROR, [`Syntax error: ${err.message}`], []));
    }
    ({ format, pretty } = outputOf(params));

    const injected = emu.faults.take(action, params);
    if (injected) {
      emu.log(`fault ${injected.kind} on ${action}`);
      if (injected.kind === "reset") return void req.socket.destroy();
      else if (injected.kind === "timeout") return await hang(emu, req);
      else if (injected.kind === "http5xx") {
        emu.counters.error(action);
        const status = injected.status ?? 503;
        return send(res, status, "text/plain; charset=utf-8", `Injected fault: HTTP ${status}\n`);
      } else if (injected.kind === "errorCode") {
        return reply(envelope(action, injected.errorCode ?? ErrorCode.UNDEFINED, injected.messages ?? [`Injected fault: error ${injected.errorCode}`], []));
      } else if (injected.kind === "hold") {
        if (!(await emu.faults.hold(action))) return void req.socket.destroy();
        emu.log(`fault hold on ${action}: released, running it${req.socket.destroyed ? " (its client has gone)" : ""}`);
      }
    }
    const world = emu.store.world;
    let apiuser: string;
    let env: Envelope | undefined;
    try {
      const account = emu.access.authenticate(world, params, ip);
      apiuser = account.apiuser;
      emu.access.admit(apiuser, operation ? checkedNames(operation.name, params) : []);
      try {
        // Latency counts as time spent serving, so it also occupies a concurrency slot.
        const latency = emu.latencyMs + (injected?.kind === "latency" ? (injected.latencyMs ?? 0) : 0);
        if (latency > 0) await sleep(latency);
        env = await dispatchLimited(emu, operation, account, action, params, ip);
        // Another writer right after this call (kind callAfter): its outcome is the test's to check.
        if (injected?.kind === "callAfter" && injected.sideAction) {
          const side = await dispatch(emu.dispatchEnv(), account, injected.sideAction, { ...injected.sideParams }, ip);
          emu.log(`fault callAfter on ${action}: ${injected.sideAction} ${side.success ? "done" : `refused (${side.errorCode})`}`);
        }
      } finally {
        emu.access.finish(apiuser, !env?.success);
      }
    } catch (err) {
      if (!(err instanceof ApiFault)) throw err;
      env = envelope(action, err.code, err.messages, []);
    }

    // Durable before the reply (group commit); reads only mark the state possibly dirty (tickers).
    if (operation && env.success && !isReadOnly(operation)) await emu.store.commit();
    else emu.store.dirty = true;

    if (injected?.kind === "dropAfterApply") return void req.socket.destroy();
    reply(env);
  } catch (err) {
    // An emulator bug (e.g. a handler answering outside its catalogue schema): say so loudly.
    emu.log(`ERROR in ${action}: ${(err as Error).stack ?? err}`, true);
    if (!res.headersSent) reply(envelope(action, ErrorCode.UNDEFINED, [`Emulator internal error: ${(err as Error).message}`], []));
  } finally {
    emu.counters.end();
  }
}
