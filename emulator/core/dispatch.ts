/**
 * One API call without HTTP: find the catalogue entry, validate the parameters with the catalogue's
 * schema, run the module's time-driven transitions, call the handler, and wrap the result (or the
 * fault) in the spec's envelope. The HTTP server (emulator/server.ts) authenticates, applies the
 * access rules and faults, then calls this; tests of the modules call it directly.
 */
import type { ApiEnvelope } from "../../sdk/core/errors";
import { getOperation, type Operation } from "../../sdk/catalogue";
import { errorCodeMsg } from "../../sdk/core/error-codes";
import { describeIssues } from "../../sdk/core/validation";
import { xmlForbiddenChar } from "../../sdk/core/xml";
import { moduleHandlers, tickers } from "../modules";
import type { Clock } from "./clock";
import type { CertificateAuthority, HandlerContext } from "./context";
import { ApiFault } from "./errors";
import type { AccountState, World } from "./state";

export const API_VERSION = "1.0.27";

/** The spec's envelope: one shape for the client and the emulator. */
export type Envelope = ApiEnvelope;

export interface DispatchEnv {
  world: World;
  clock: Clock;
  ca: CertificateAuthority;
  /** Validate every handler result against the catalogue's response schema (on in tests). */
  checkResponses?: boolean;
}

/** Common parameters the transport adds; never part of an operation's own schema. */
export const COMMON_PARAMS = new Set(["apiuser", "apipasswd", "output-format", "output-pretty"]);

export function envelope(action: string, code: number, messages: string[], responseData: unknown): Envelope {
  return {
    success: code === 0,
    errorCode: code,
    errorCodeMsg: code === 0 ? "" : errorCodeMsg(code),
    action,
    version: API_VERSION,
    messages,
    responseData: code === 0 ? responseData : [],
  };
}

/** Wire parameters -> the schema's input: empty values mean "not given" (facts.md), aliases applied. */
export function prepareParams(operation: Operation, raw: Record<string, string>): Record<string, string> {
  // No prototype: request names index it (`__proto__` is just an unknown parameter).
  const out = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(raw)) {
    if (COMMON_PARAMS.has(k) || v === "") continue;
    out[k] = v;
  }
  for (const [alias, canonical] of Object.entries(operation.aliases ?? {})) {
    if (out[alias] !== undefined && out[canonical] === undefined) out[canonical] = out[alias];
    delete out[alias];
  }
  return out;
}

/**
 * Reads (the catalogue's readOnly flag): the server does not persist after them ("reads do not
 * write"). A read whose tickers moved state on is still saved by the next write or at shutdown
 * (the store flushes then).
 */
export function isReadOnly(operation: Operation): boolean {
  return operation.readOnly === true;
}

export function runTickers(env: DispatchEnv): void {
  const now = env.clock.nowMs();
  for (const tick of tickers) tick(env.world, now, env.clock);
}

export async function dispatch(env: DispatchEnv, account: AccountState, action: string, raw: Record<string, string>, ip: string): Promise<Envelope> {
  const operation = getOperation(action);
  const handler = operation ? moduleHandlers[operation.module]?.[operation.action] : undefined;
  if (!operation) return envelope(action, 102, ["Invalid object/action"], []);
  if (!handler) return envelope(operation.name, 104, [`${operation.name} is not implemented by the emulator`], []);

  const input = prepareParams(operation, raw);
  // Values are echoed and stored, and replies may be XML: a character XML 1.0 cannot carry is refused.
  for (const [name, value] of Object.entries(input)) {
    const bad = xmlForbiddenChar(value);
    if (bad) return envelope(operation.name, 105, [`Invalid parameter: ${name}: contains ${bad}, a control character that XML 1.0 does not allow`], []);
  }
  const parsed = operation.params.safeParse(input);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, input);
    const code = problems.some((p) => p.missing) ? 101 : 105;
    return envelope(operation.name, code, problems.map((p) => (p.missing ? `Parameter fault: ${p.message}` : `Invalid parameter: ${p.message}`)), []);
  }

  runTickers(env);
  const ctx: HandlerContext = { world: env.world, account, clock: env.clock, ip, ca: env.ca, operation, version: API_VERSION, messages: [] };
  try {
    const data = await handler(ctx, parsed.data);
    const responseData = data === undefined ? {} : data;
    if (env.checkResponses) {
      const check = operation.response.safeParse(responseData);
      if (!check.success) {
        throw new Error(`emulator bug: ${operation.name} answered outside its catalogue response schema: ${check.error.message}`);
      }
    }
    return envelope(operation.name, 0, ctx.messages, responseData);
  } catch (err) {
    if (err instanceof ApiFault) return envelope(operation.name, err.code, err.messages, []);
    throw err;
  }
}
