/**
 * The control API's routes: one row per call (method, path under /_emulator/, handler, and the
 * body and effect its docs state). emulator/control.ts runs a call by this table; the table of
 * emulator/README.md ("Control API") is rendered from it (scripts/gen-docs.ts, drift-tested), and
 * the client (control-client.ts) names its paths with ControlPath, so a path gone from here fails
 * the type check there (tests/emulator/server-control.test.ts: every route has a client method).
 */
import * as h from "./control-handlers";

export interface ControlRoute {
  /** Every call is a POST: the body may hold a seed or a secret, never a URL. */
  readonly method: "POST";
  /** Under /_emulator/. */
  readonly path: string;
  readonly handler: h.ControlHandler;
  /** The body's members, as the docs write them ("" when none). */
  readonly body: string;
  /** What the call does, as the docs write it. */
  readonly effect: string;
}

export const CONTROL_ROUTES = [
  { method: "POST", path: "reset", handler: h.reset, body: "", effect: "fresh world from the seed; clears faults, counters, usage blocks, clock offset" },
  {
    method: "POST",
    path: "seed",
    handler: h.seed,
    body: "`{world}` or `{accounts: [...]}`",
    effect: "a World replaces the state; accounts replace same-named ones",
  },
  {
    method: "POST",
    path: "clock/advance",
    handler: h.advanceClock,
    body: "`{seconds}`",
    effect: "moves the clock on (persisted), runs the time-driven transitions",
  },
  {
    method: "POST",
    path: "counters",
    handler: h.counters,
    body: "`{reset?}`",
    effect: "calls and errors per action, total, concurrency now and at peak",
  },
  {
    method: "POST",
    path: "faults/add",
    handler: h.addFault,
    body: "`{action, kind, count?, params?, latencyMs?, status?, errorCode?, messages?, sideAction?, sideParams?}` (numbers may be text; other members are dropped; 400 names the first wrong one)",
    effect: "inject a fault",
  },
  { method: "POST", path: "faults", handler: h.listFaults, body: "", effect: "list (with the actions of held calls)" },
  { method: "POST", path: "faults/clear", handler: h.clearFaults, body: "", effect: "remove all" },
  {
    method: "POST",
    path: "faults/release",
    handler: h.releaseHeld,
    body: "`{action?}`",
    effect: "run the calls `hold` faults keep (of that action or pattern; all): how many, and how long each was held (heldMs)",
  },
  {
    method: "POST",
    path: "contact/verification",
    handler: h.contactVerification,
    body: "`{account, contactID, status}`",
    effect: "decides a contact's verification now: `verified`, `failed`, or `inprocess` held (its timer stopped)",
  },
  {
    method: "POST",
    path: "domain/transition",
    handler: h.domainTransition,
    body: "`{account, domain` or `domainID, status?, transferStatus?, hold?}`",
    effect:
      "moves a registration or transfer now along its machine (`modules/domain/transition.ts`): register-init/pending -> register-pending, active, register-cancel; transfer-init/pending -> transfer-pending with a transferStatus (set-auth, queued, pending-auth, pending-tag, pending-registry), active (completed), transfer-cancel (cancelled); a transferStatus alone names its status; the effects are the timed move's (dates, history, the losing side's record); the new status's timer starts now, `hold: true` stops it until the next request; 409 for another move",
  },
  {
    method: "POST",
    path: "domain/outcome",
    handler: h.domainOutcome,
    body: "`{domain, taken?, premium?, price?, authcode?, registration?, transfer?, clear?}`",
    effect:
      "the world outside the emulator for a name, in every account, until changed (`clear` first goes back to the defaults; members not sent keep their value; the reply shows an authcode as `[set]`): `taken` true = registered at another registrar, false = free, whatever the spelling; `premium` true/false; `price` a premium name's yearly price (registration and renewal; implies premium); `authcode` the one code that transfers a name from outside; `registration` completed or cancelled (register-cancel after register-pending); `transfer` completed, cancelled (the registry refuses it once queued), or pending-auth, pending-tag, pending-registry (after set-auth, waiting for a request or domain/transferrestart)",
  },
  {
    method: "POST",
    path: "service/usage",
    handler: h.serviceUsage,
    body: "`{account, serviceName, ftpusage?, ftpfiles?, webtraffic?, ddbbusage?, logError?}`",
    effect:
      "a hosting service's usage counters (whole bytes; ftpfiles: files) and web error log, as service/getinfo infoType resources and logerror answer them; members not sent stay (0 and empty by default)",
  },
  {
    method: "POST",
    path: "ssl/validation",
    handler: h.sslValidation,
    body: "`{account, certificateID, domainName?, approve?, fetchFrom?, caCert?}`",
    effect:
      "decides http, https or mail validation now (one name, or every name still open by those methods): approved; `approve: false` holds it (not validated, its timer stopped until a resent mail or a later request); `fetchFrom` (a loopback base URL; `caCert` for https) makes the emulator GET `/.well-known/pki-validation/<file>` there with the name as Host and TLS server name, validated on a 200 with the checkvalue's contents, else held with the reason; dns names are decided by their record (409). Answers each name's decision and the certificate's status",
  },
  {
    method: "POST",
    path: "state",
    handler: h.state,
    body: "`{account}`",
    effect:
      "one account's state with every secret redacted: passwords, authcodes, the dynamic DNS key, private keys (`keyData`, an issued certificate's `certKey`, any PEM private key whatever its member)",
  },
] as const satisfies readonly ControlRoute[];

/** A path the control API serves. */
export type ControlPath = (typeof CONTROL_ROUTES)[number]["path"];

/** The route of a path, or undefined. */
export function controlRoute(path: string): ControlRoute | undefined {
  return CONTROL_ROUTES.find((r) => r.path === path);
}

/** emulator/README.md's table of the control API (scripts/gen-docs.ts). */
export function controlTable(): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = CONTROL_ROUTES.map((r) => `| \`${r.path}\` | ${cell(r.body)} | ${cell(r.effect)} |`);
  return ["| Path | Body | Effect |", "|---|---|---|", ...rows].join("\n");
}
