/**
 * Injected faults for testing clients (the stripe-node model: 5xx, dropped sockets, slow replies).
 * A fault applies to the next `count` API calls whose action matches `action` (an exact
 * "module/action", or a pattern with `*`, e.g. "service/*" or "*"). Kinds:
 * - latency: wait `latencyMs`, then answer normally;
 * - http5xx: answer `status` (default 503) with a short text body instead of an envelope;
 * - reset: destroy the connection before answering (nothing runs);
 * - timeout: never answer; the request is released when the client closes the connection;
 * - errorCode: answer an error envelope with `errorCode` (nothing runs);
 * - dropAfterApply: run the call, persist its change, then destroy the connection (the client
 *   cannot know whether it happened: the "ambiguous" case of sdk retries).
 */
export type FaultKind = "latency" | "http5xx" | "reset" | "timeout" | "errorCode" | "dropAfterApply";
export const FAULT_KINDS: readonly FaultKind[] = ["latency", "http5xx", "reset", "timeout", "errorCode", "dropAfterApply"];

export interface FaultSpec {
  action: string;
  kind: FaultKind;
  /** How many matching calls it applies to (default 1). */
  count?: number;
  latencyMs?: number;
  status?: number;
  errorCode?: number;
  messages?: string[];
}

export interface Fault extends Required<Pick<FaultSpec, "action" | "kind">> {
  id: number;
  remaining: number;
  latencyMs?: number;
  status?: number;
  errorCode?: number;
  messages?: string[];
  pattern: RegExp;
}

function toPattern(action: string): RegExp {
  const body = action
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, "")
    .split("*")
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

/** Checks a fault spec from the control API; returns an error text or undefined. */
export function validateFault(spec: Partial<FaultSpec>): string | undefined {
  if (typeof spec.action !== "string" || !spec.action.trim()) return "action: a module/action name or pattern such as service/* is required";
  if (!FAULT_KINDS.includes(spec.kind as FaultKind)) return `kind: one of ${FAULT_KINDS.join(", ")} is required`;
  if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count > 0)) return "count: a positive integer";
  if (spec.kind === "latency" && !(typeof spec.latencyMs === "number" && spec.latencyMs >= 0)) return "latencyMs: a number of milliseconds is required for kind latency";
  if (spec.kind === "http5xx" && spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 500 && spec.status <= 599)) return "status: 500 to 599";
  if (spec.kind === "errorCode" && !(Number.isInteger(spec.errorCode) && (spec.errorCode ?? 0) > 0)) return "errorCode: a positive integer is required for kind errorCode";
  return undefined;
}

export class FaultInjector {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const f: Fault = { ...spec, id: this.nextId++, remaining: spec.count ?? 1, pattern: toPattern(spec.action) };
    this.faults.push(f);
    return f;
  }

  list(): Omit<Fault, "pattern">[] {
    return this.faults.map(({ pattern: _p, ...rest }) => rest);
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching the action, consumed by one use; undefined when none applies. */
  take(action: string): Fault | undefined {
    if (this.faults.length === 0) return undefined;
    const name = action.toLowerCase();
    const i = this.faults.findIndex((f) => f.pattern.test(name));
    if (i < 0) return undefined;
    const f = this.faults[i];
    if (--f.remaining <= 0) this.faults.splice(i, 1);
    return f;
  }
}
