/**
 * Injected faults for testing clients (the stripe-node model: 5xx, dropped sockets, slow replies).
 * A fault applies to the next `count` API calls whose action matches `action` (an exact
 * "module/action", or a pattern with `*`, e.g. "service/*" or "*") and, when `params` is given,
 * whose parameters hold those values (compared with line ends normalised and outer blanks
 * trimmed: one resource's call among many of the same action). Kinds:
 * - latency: wait `latencyMs`, then answer normally;
 * - http5xx: answer `status` (default 503) with a short text body instead of an envelope;
 * - reset: destroy the connection before answering (nothing runs);
 * - timeout: never answer; the request is released when the client closes the connection;
 * - errorCode: answer an error envelope with `errorCode` (nothing runs);
 * - dropAfterApply: run the call, persist its change, then destroy the connection (the client
 *   cannot know whether it happened: the "ambiguous" case of sdk retries);
 * - callAfter: run the call, then `sideAction` with `sideParams` for the same account (another
 *   writer acting right after it, e.g. a record created between a client's read and its write),
 *   then answer the first call normally. The side call is not counted.
 * - hold: keep the call unanswered and not run until the control API releases it (faults/release),
 *   then run it whether or not its client is still there (its reply goes nowhere once the client
 *   gave up): an order applied after the client timed out, looked and found nothing, at a moment
 *   the test chooses. Held calls still waiting at shutdown are dropped without running.
 */
import { z } from "zod";

export const FAULT_KINDS = ["latency", "http5xx", "reset", "timeout", "errorCode", "dropAfterApply", "callAfter", "hold"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const ACTION_REQUIRED = "action: a module/action name or pattern such as service/* is required";

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

/** A number, or its decimal text (form-encoded control bodies carry text), checked by `ok`; `error` names the field. */
const numberField = (error: string, ok: (n: number) => boolean) =>
  z.preprocess((v) => (typeof v === "string" ? Number(v) : v), z.number({ error }).refine(ok, { error }));

/** A fault spec as the control API takes it (faults/add); the first problem is answered, naming its field. */
const FAULT_SPEC = z
  .object({
    /** "module/action", or a pattern with `*`. */
    action: z.string({ error: ACTION_REQUIRED }).refine((a) => a.trim() !== "", { error: ACTION_REQUIRED }),
    kind: z.enum(FAULT_KINDS, { error: `kind: one of ${FAULT_KINDS.join(", ")} is required` }),
    /** How many matching calls it applies to (default 1). */
    count: numberField("count: a positive integer", (n) => Number.isInteger(n) && n > 0).optional(),
    /** kind latency: the wait. */
    latencyMs: numberField("latencyMs: a number of milliseconds, 0 or more", (n) => n >= 0).optional(),
    /** kind http5xx: the status (default 503). */
    status: numberField("status: 500 to 599", (n) => Number.isInteger(n) && n >= 500 && n <= 599).optional(),
    /** kind errorCode: the envelope's errorCode. */
    errorCode: numberField("errorCode: a positive integer", (n) => Number.isInteger(n) && n > 0).optional(),
    /** kind errorCode: the envelope's messages; one may come as a plain text (form-encoded bodies). */
    messages: z
      .preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string({ error: "messages: a list of texts" }), { error: "messages: a list of texts" }))
      .optional(),
    /** Only calls whose parameters hold these values. */
    params: z.record(z.string(), z.string({ error: "params: an object of text parameters" }), { error: "params: an object of text parameters" }).optional(),
    /** kind callAfter: the other writer's call ("module/action") and its parameters. */
    sideAction: z.string({ error: "sideAction: a module/action name" }).optional(),
    sideParams: z
      .record(z.string(), z.string({ error: "sideParams: an object of text parameters" }), { error: "sideParams: an object of text parameters" })
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === "latency" && s.latencyMs === undefined)
      ctx.addIssue({ code: "custom", path: ["latencyMs"], message: "latencyMs: a number of milliseconds is required for kind latency" });
    if (s.kind === "errorCode" && s.errorCode === undefined)
      ctx.addIssue({ code: "custom", path: ["errorCode"], message: "errorCode: a positive integer is required for kind errorCode" });
    if (s.kind === "callAfter" && s.sideAction === undefined)
      ctx.addIssue({ code: "custom", path: ["sideAction"], message: "sideAction: a module/action name is required for kind callAfter" });
  });

export type FaultSpec = z.output<typeof FAULT_SPEC>;

export interface Fault extends FaultSpec {
  id: number;
  remaining: number;
  pattern: RegExp;
}

/** Reads a fault spec from the control API: the spec, or the text of its first problem. */
export function parseFault(body: unknown): { spec: FaultSpec } | { problem: string } {
  const r = FAULT_SPEC.safeParse(body);
  return r.success ? { spec: r.data } : { problem: r.error.issues[0].message };
}

/** A call held by a `hold` fault: `go(true)` runs it, `go(false)` drops it. */
interface HeldCall {
  action: string;
  sinceMs: number;
  go: (run: boolean) => void;
}

export class FaultInjector {
  private faults: Fault[] = [];
  private nextId = 1;
  private held: HeldCall[] = [];

  /** Holds a call (kind hold): resolves true when released (run it), false when dropped (shutdown). */
  hold(action: string): Promise<boolean> {
    return new Promise((resolve) => this.held.push({ action, sinceMs: Date.now(), go: resolve }));
  }

  /** The actions of the calls held now, in arrival order. */
  heldCalls(): string[] {
    return this.held.map((h) => h.action);
  }

  /** Runs the held calls of `action` (a name or pattern as in faults/add; all when undefined); how long each was held. */
  release(action?: string): number[] {
    const pattern = action === undefined ? undefined : toPattern(action);
    const go = this.held.filter((h) => !pattern || pattern.test(h.action.toLowerCase()));
    this.held = this.held.filter((h) => !go.includes(h));
    const now = Date.now();
    for (const h of go) h.go(true);
    return go.map((h) => now - h.sinceMs);
  }

  /** Drops every held call without running it (shutdown). */
  dropHeld(): void {
    const all = this.held;
    this.held = [];
    for (const h of all) h.go(false);
  }

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

  /** The first fault matching the call, consumed by one use; undefined when none applies. */
  take(action: string, params: Record<string, string> = {}): Fault | undefined {
    if (this.faults.length === 0) return undefined;
    const name = action.toLowerCase();
    const same = (a: string | undefined, b: string) => a !== undefined && a.replace(/\r\n?/g, "\n").trim() === b.replace(/\r\n?/g, "\n").trim();
    const i = this.faults.findIndex((f) => f.pattern.test(name) && Object.entries(f.params ?? {}).every(([k, v]) => same(params[k], v)));
    if (i < 0) return undefined;
    const f = this.faults[i];
    if (--f.remaining <= 0) this.faults.splice(i, 1);
    return f;
  }
}
