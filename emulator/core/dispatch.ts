/**
 * One API call without HTTP: find the catalogue entry, validate the parameters with the catalogue's
 * schema, run the module's time-driven transitions, call the handler, and wrap the result (or the
 * fault) in the spec's envelope. An operation that `wraps` another (the catalogue's WrapSpec, e.g.
 * domain/getauthcode = domain/getinfo with infoType=authcode) is validated with its own schema, then
 * runs the wrapped operation's handler with the fixed parameters. The HTTP server
 * (emulator/http/api.ts) authenticates, applies the access rules and faults, then calls this; tests
 * of the modules call it directly. The handlers come in the environment (DispatchEnv.modules), so
 * core imports no module.
 */
import type { ApiEnvelope } from "../../sdk/core/errors";
import { getOperation, type Operation } from "../../sdk/catalogue";
import { ErrorCode, errorCodeMsg } from "../../sdk/core/error-codes";
import { describeIssues } from "../../sdk/core/validation";
import { xmlForbiddenChar } from "../../sdk/core/xml";
import type { Clock } from "./clock";
import type { CertificateAuthority, EmulatorModules, HandlerContext } from "./context";
import { ApiFault } from "./errors";
import type { RandomSource } from "./random";
import type { AccountState, World } from "./state";

export const API_VERSION = "1.0.27";

/** The spec's envelope: one shape for the client and the emulator. */
export type Envelope = ApiEnvelope;

export interface DispatchEnv {
  world: World;
  clock: Clock;
  ca: CertificateAuthority;
  random: RandomSource;
  /** The handlers and tickers (emulator/modules: `modules`). */
  modules: EmulatorModules;
  /** Validate every handler result against the catalogue's response schema (on in tests). */
  checkResponses?: boolean;
}

/** Common parameters the transport adds; never part of an operation's own schema. */
export const COMMON_PARAMS = new Set(["apiuser", "apipasswd", "output-format", "output-pretty"]);

export function envelope(action: string, code: number, messages: string[], responseData: unknown): Envelope {
  return {
    success: code === ErrorCode.SUCCESS,
    errorCode: code,
    errorCodeMsg: code === ErrorCode.SUCCESS ? "" : errorCodeMsg(code),
    action,
    version: API_VERSION,
    messages,
    responseData: code === ErrorCode.SUCCESS ? responseData : [],
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

export function runTickers(env: Pick<DispatchEnv, "world" | "clock" | "random" | "modules">): void {
  const now = env.clock.nowMs();
  for (const tick of env.modules.tickers) tick(env.world, now, env);
}

/** The operation whose handler runs a call of `operation`: itself, or the one it wraps. */
export function handlingOperation(operation: Operation): Operation {
  if (!operation.wraps) return operation;
  const target = getOperation(operation.wraps.op);
  if (!target || target.wraps)
    throw new Error(`catalogue bug: ${operation.name} wraps ${operation.wraps.op}, which is ${target ? "itself a wrapper" : "unknown"}`);
  return target;
}

/**
 * A wrapper's call as its target receives it: the parameters the caller gave that the wrapper's own
 * schema knows, plus the fixed ones, validated by the target's schema (a superset of the wrapper's:
 * a refusal there is a catalogue bug, answered as an emulator error).
 */
function wrappedParams(operation: Operation, target: Operation, input: Record<string, string>, parsed: Record<string, unknown>): unknown {
  const given = Object.fromEntries(Object.entries(input).filter(([k]) => Object.hasOwn(parsed, k)));
  const result = target.params.safeParse({ ...given, ...operation.wraps!.fixed });
  if (!result.success) throw new Error(`catalogue bug: ${operation.name}'s parameters do not satisfy ${target.name}: ${result.error.message}`);
  return result.data;
}

export async function dispatch(env: DispatchEnv, account: AccountState, action: string, raw: Record<string, string>, ip: string): Promise<Envelope> {
  const operation = getOperation(action);
  if (!operation) return envelope(action, ErrorCode.INVALID_OBJECT_ACTION, ["Invalid object/action"], []);
  const target = handlingOperation(operation);
  const handler = env.modules.handlers[target.module]?.[target.action];
  if (!handler) return envelope(operation.name, ErrorCode.NOT_IMPLEMENTED, [`${operation.name} is not implemented by the emulator`], []);

  const input = prepareParams(operation, raw);
  // Values are echoed and stored, and replies may be XML: a character XML 1.0 cannot carry is refused.
  for (const [name, value] of Object.entries(input)) {
    const bad = xmlForbiddenChar(value);
    if (bad)
      return envelope(
        operation.name,
        ErrorCode.INVALID_PARAMETER,
        [`Invalid parameter: ${name}: contains ${bad}, a control character that XML 1.0 does not allow`],
        [],
      );
  }
  const parsed = operation.params.safeParse(input);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, input);
    const code = problems.some((p) => p.missing) ? ErrorCode.PARAMETER_FAULT : ErrorCode.INVALID_PARAMETER;
    return envelope(
      operation.name,
      code,
      problems.map((p) => (p.missing ? `Parameter fault: ${p.message}` : `Invalid parameter: ${p.message}`)),
      [],
    );
  }

  runTickers(env);
  const ctx: HandlerContext = {
    world: env.world,
    account,
    clock: env.clock,
    random: env.random,
    ip,
    ca: env.ca,
    operation,
    version: API_VERSION,
    messages: [],
  };
  try {
    const params = operation.wraps ? wrappedParams(operation, target, input, parsed.data as Record<string, unknown>) : parsed.data;
    const data = await handler(ctx, params);
    const responseData = data === undefined ? {} : data;
    if (env.checkResponses) {
      const check = operation.response.safeParse(responseData);
      if (!check.success) {
        throw new Error(`emulator bug: ${operation.name} answered outside its catalogue response schema: ${check.error.message}`);
      }
    }
    return envelope(operation.name, ErrorCode.SUCCESS, ctx.messages, responseData);
  } catch (err) {
    if (err instanceof ApiFault) return envelope(operation.name, err.code, err.messages, []);
    throw err;
  }
}
