/**
 * The one lifecycle of a resource, whichever door the engine comes through: the dynamic resources
 * (frame.ts, the `crud.js` module in users' states) and the provider plugin (plugin/handlers.ts).
 * Protocol-neutral: plain values in (the recorded outputs, the recorded inputs when the protocol
 * gives them, the program's inputs, ignoreChanges, timeouts, the preview flag), plain verdicts out;
 * each door only converts its wire form to these and back. Every verdict is decided here, once.
 *
 * Rules every resource follows:
 * - check validates and normalises; failures name the field and the rule (never as the engine's
 *   failure property: it prints that property's value, in plaintext even for a secret). Rules that
 *   need the API's own data (checkFacts, charges) run after the schema through free cached reads.
 *   Every check is part of the run's gate (run-gate.ts): a failed one refuses every write of the run.
 * - diff compares each input the program gives with the RECORDED OUTPUTS (through diffBasis), on
 *   both doors. The dynamic protocol gives only the outputs (its olds), the plugin's the old inputs
 *   too; the outputs are the one thing both have, and they hold the live values as the last apply
 *   or refresh read them, normalised as check normalises inputs: drift that a refresh recorded is
 *   planned back on either door. The old inputs only serve ignoreChanges (the engine has already
 *   put them in place of the program's value before check; given here, the rule is applied again,
 *   which changes nothing), an input the outputs lack altogether (basisOf: never on the dynamic
 *   door, whose outputs hold every input) and the refresh below.
 * - refresh records the live object as the outputs; the recorded inputs stay as the program last
 *   set them, but for the definition's `inputsFromRead` keys, which take their live values when one
 *   of them changed outside (so `ignoreChanges` on one keeps the live value). The dynamic protocol
 *   replaces the recorded inputs with what read returns and does not send the old ones: that door
 *   returns those keys alone (frame.ts says so); the plugin merges them into the old inputs.
 * - outputs never hold `undefined` (the engine rejects it): clean().
 * - a write waits for the run's checks and is refused once one failed (run-gate.ts); after the
 *   engine's Cancel (the plugin's; cancel.ts) no operation starts, and one cut short says so.
 * - an error names the resource, its label and the operation, on one visible line (printable.ts).
 */
import { debugEnabled } from "../../sdk/core/log";
import { CancelledError, isCancelled } from "./cancel";
import { type ClaimCheck, contextWith, hasUnknown, PartialResultError, type ResourceDefinition, type Timeouts, UNKNOWN, userInputs } from "./definition";
import { printableError, printableText } from "./printable";
import { clean, sameValue } from "./plain-data";
import { beforeWrite, checkStarted } from "./run-gate";
import { planCharges } from "../money/spend";

type Data = Record<string, any>;
type Def = ResourceDefinition<Data, Data>;
const def = <I extends Data, S extends Data>(d: ResourceDefinition<I, S>) => d as unknown as Def;

/** No operation starts after the engine's Cancel (cancel.ts). */
export function refuseIfCancelled(): void {
  if (isCancelled()) throw new CancelledError("cancelled: the engine asked the provider to stop (pulumi was interrupted), so this operation was not started");
}

/** The operation as its error names it: a cancelled one says so. */
function operation(op: string, err: unknown): string {
  return isCancelled() && !(err instanceof CancelledError) ? `${op} cancelled (the engine asked the provider to stop: pulumi was interrupted)` : op;
}

/** The error with "<Type> <label>: <operation>: " in front, once, on one visible line (API data and names in it). */
export function errorInContext(type: string, err: unknown, what: string, label: string): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  if (!e.message.startsWith(`${type} `)) e.message = `${type} ${label}: ${what}: ${e.message}`;
  return printableError(e);
}

// ---- check ----

export interface CheckRequest {
  /** The recorded inputs (undefined or {} for a resource not created yet). */
  olds?: Data;
  /** The program's inputs (hidden keys and nulls are left out here). */
  news: Data;
  /** Where the door checks the run's DNS claims here (the plugin; the dynamic resources claim them in the program). */
  claim?: ClaimCheck;
}

export interface CheckVerdict {
  /** The normalised inputs (as given while a failure or an unknown value stands). */
  inputs: Data;
  /** Each failure's reason, starting with the field's path; printable. Never a property to name. */
  failures: string[];
}

/** The schema's verdict on given inputs: the normalised inputs and [property, reason] failures. */
export async function checkInputs<I extends Data, S extends Data>(
  definition: ResourceDefinition<I, S>,
  olds: Data | undefined,
  news: Data,
): Promise<{ inputs: Data; failures: { property: string; reason: string }[] }> {
  const d = def(definition);
  const raw = userInputs(news);
  const parsed = d.inputs.safeParse(raw);
  const failures: { property: string; reason: string }[] = [];
  const fail = (property: string, reason: string) => failures.push({ property, reason: `${property}: ${reason}` });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A value the engine does not know yet (preview) cannot be judged now; check runs again
      // with the real value before anything is applied.
      if (hasUnknown(valueAt(raw, issue.path))) continue;
      // records[3].value: list positions in brackets, as a program writes them.
      fail(issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p))).join("") || d.type, issue.message);
    }
  }
  const inputs: Data = hasUnknown(raw) || !parsed.success ? raw : (parsed.data as Data);
  const known = parsed.success && !hasUnknown(raw);
  const before = userInputs(olds ?? {});
  const isNew = !Object.keys(before).length;
  if (known && d.checkTransition) {
    const was = d.inputs.safeParse(before);
    for (const [property, reason] of d.checkTransition(was.success ? was.data : undefined, parsed.data)) fail(property, reason);
  }
  if (known && !failures.length && d.checkFacts) {
    for (const [property, reason] of await d.checkFacts(isNew ? undefined : before, parsed.data)) fail(property, reason);
  }
  // A new resource that spends: its price counts towards the plan's total (at check: no diff follows a create).
  if (known && !failures.length && d.charges && isNew) {
    const data = parsed.data;
    const refusal = await planCharges(`${d.type} ${d.label(data)}`, (facts) => d.charges!(facts, undefined, data));
    if (refusal) failures.push({ property: "", reason: refusal });
  }
  return { inputs: clean(inputs), failures };
}

function valueAt(obj: unknown, path: readonly PropertyKey[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur === UNKNOWN) return UNKNOWN;
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** " <label>" of inputs the schema may have refused, or "" (the type alone names it). */
function labelOf(d: Def, news: Data): string {
  try {
    const label = d.label(userInputs(news));
    return label ? ` ${label}` : "";
  } catch {
    return "";
  }
}

/** check: the normalised inputs and the failures; a failure refuses every write of the run (run-gate.ts). */
export async function check<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>, req: CheckRequest): Promise<CheckVerdict> {
  const d = def(definition);
  refuseIfCancelled();
  const done = checkStarted();
  let failure: string | undefined;
  try {
    const { inputs, failures } = await checkInputs(d, req.olds, req.news);
    const reasons = failures.map((f) => f.reason);
    // Two resources managing one record: the same rule and text as the program's claims (dns-claims.ts).
    const claimed = req.claim && d.dnsClaims?.of(userInputs(req.news));
    if (claimed && !hasUnknown(claimed)) {
      const conflict = req.claim!(d.dnsClaims!.kind, claimed.serviceName, claimed.records);
      if (conflict) reasons.push(conflict);
    }
    if (reasons.length) failure = `${d.type}${labelOf(d, req.news)}: ${reasons[0]}`;
    else d.afterCheck?.(req.olds, inputs);
    // The reason may quote API data (a fact): one visible line.
    return { inputs, failures: reasons.map(printableText) };
  } catch (err) {
    failure = `${d.type}: ${(err as Error)?.message ?? err}`;
    throw printableError(err);
  } finally {
    done(failure);
  }
}

// ---- diff ----

export interface DiffRequest {
  /** The recorded outputs: what diff compares with (both protocols send them). */
  olds: Data;
  /** The recorded inputs, when the protocol sends them (the plugin's): for ignoreChanges, and an input the outputs lack (basisOf). */
  oldInputs?: Data;
  /** The program's inputs, as check returned them. */
  news: Data;
  /** Top-level input names whose recorded input stands for the program's (the plugin's; the engine applied them already). */
  ignoreChanges?: readonly string[];
}

export interface DiffVerdict {
  changes: boolean;
  /** The inputs that differ (a door that can name them does: the plugin's detailed diff). */
  changed: string[];
  /** Those that replace the resource. */
  replaces: string[];
  /** Changed inputs neither the recorded outputs nor the old inputs hold (an ADD, not an UPDATE). */
  added: string[];
  deleteBeforeReplace: boolean;
}

/** The program's inputs that differ from `basis` (createOnly inputs never do; unknown ones always do). */
export function changedKeys<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>, basis: Data, news: Data): string[] {
  const ignored = new Set(definition.createOnly ?? []);
  const keys: string[] = [];
  for (const [k, v] of Object.entries(userInputs(news))) {
    if (v === undefined || ignored.has(k)) continue;
    if (hasUnknown(v) || !sameValue(v, basis[k])) keys.push(k);
  }
  return keys;
}

/**
 * The recorded outputs as diff compares them with the news (diffBasis: MailBox's password matching its
 * fingerprint counts as recorded). An input the outputs do not hold at all is taken from the recorded
 * inputs when the door has them: the outputs of a create, update or refresh hold every input (the
 * state is the inputs plus what the API adds), so on the dynamic door this fills nothing; it fills
 * the program-only settings (onDestroy, purge...) of an object a release before this one imported
 * through the plugin, whose outputs were the read alone.
 */
function basisOf(d: Def, olds: Data, news: Data, oldInputs?: Data): Data {
  const recorded = oldInputs ? { ...userInputs(oldInputs), ...olds } : olds;
  return d.diffBasis?.(recorded, news) ?? recorded;
}

/** The news with each ignored input set to its recorded input (the engine's own rule, before check). */
function withIgnored(news: Data, oldInputs: Data | undefined, ignore: readonly string[] | undefined): Data {
  if (!oldInputs || !ignore?.length) return news;
  const out = { ...news };
  for (const k of ignore) {
    if (oldInputs[k] === undefined) delete out[k];
    else out[k] = oldInputs[k];
  }
  return out;
}

/**
 * The inputs' verdict: the changed inputs and those that replace, pendingOrder and diffExtra's
 * added; an update or replacement that spends is priced here (throws a plan over budget).
 */
export async function diffVerdict<I extends Data, S extends Data>(
  definition: ResourceDefinition<I, S>,
  basis: Data,
  news: Data,
): Promise<{ changed: string[]; replaces: string[] }> {
  const d = def(definition);
  const changed = changedKeys(d, basis, news);
  // A paid order whose outcome is unknown (provider/money/money.ts): the next up decides it.
  if (basis?.pendingOrder !== undefined && !changed.includes("pendingOrder")) changed.push("pendingOrder");
  const replaces = changed.filter((k) => d.replaceOn.includes(k));
  const ins = userInputs(news);
  if (hasUnknown(ins)) return { changed, replaces };
  const extra = d.diffExtra?.(basis, ins);
  for (const k of extra?.changes ?? []) if (!changed.includes(k)) changed.push(k);
  for (const k of extra?.replaces ?? []) if (!replaces.includes(k)) replaces.push(k);
  // An update or replacement that spends: priced at diff, where the recorded state is known.
  if (changed.length && d.charges) {
    const refusal = await planCharges(`${d.type} ${d.label(ins)}`, (facts) => d.charges!(facts, replaces.length ? undefined : basis, ins));
    if (refusal) throw new Error(printableText(`${d.type} ${d.label(ins)}: ${refusal}`));
  }
  return { changed, replaces };
}

/** diff: what applying the program's inputs changes, and whether it replaces. */
export async function diff<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>, req: DiffRequest): Promise<DiffVerdict> {
  const d = def(definition);
  refuseIfCancelled();
  try {
    const news = withIgnored(req.news, req.oldInputs, req.ignoreChanges);
    const basis = basisOf(d, req.olds, news, req.oldInputs);
    const { changed, replaces } = await diffVerdict(d, basis, news);
    // DONDOMINIO_DEBUG=1 names the differing inputs (values left out: they may be secret).
    if (debugEnabled() && changed.length)
      console.error(`[dondominio] ${d.type} ${d.label(basis)}: diff ${changed.join(", ")}${replaces.length ? ` (replace: ${replaces.join(", ")})` : ""}`);
    // The live object (diffLive: DnsZone reads the live zone, reads only), asked when nothing replaces:
    // a record changed outside is planned back without a refresh.
    if (!replaces.length && d.diffLive) for (const k of (await d.diffLive(basis, news)) ?? []) if (!changed.includes(k)) changed.push(k);
    const changes = changed.length > 0;
    // DnsRecord: the plan lines, and a retype to CNAME deletes the old record first.
    const after = d.afterDiff?.(basis, news, { changes, replaces });
    const added = changed.filter((k) => basis[k] === undefined && req.oldInputs?.[k] === undefined);
    return { changes, changed, replaces, added, deleteBeforeReplace: after?.deleteBeforeReplace === true };
  } catch (err) {
    throw printableError(err);
  }
}

// ---- create, update, delete ----

export interface WriteRequest {
  /** The program's inputs, as check returned them. */
  inputs: Data;
  timeouts: Timeouts;
  /** A preview (the plugin's: a dynamic provider is never asked to create or update at preview). */
  preview?: boolean;
  /** The keys the door returns secret: unknown in a preview's outputs, which the program's runtime may log. */
  secrets?: Iterable<string>;
}

/**
 * A preview's outputs: the given values, every secret unknown. The program's Node runtime logs each
 * RegisterResource response at debug severity with secrets unwrapped, and the engine keeps those lines
 * in its event stream; an unknown holds no value to print (the apply's own outputs are recorded secret).
 */
function previewOutputs(data: Data, secrets: Iterable<string> = []): Data {
  const secret = new Set(secrets);
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, secret.has(k) ? UNKNOWN : v]));
}

/** create: the object made, its id and outputs; at preview nothing is written. */
export async function create<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>, req: WriteRequest): Promise<{ id: string; outs: Data }> {
  const d = def(definition);
  refuseIfCancelled();
  if (req.preview) return { id: "", outs: previewOutputs(req.inputs, req.secrets) };
  const ins = userInputs(req.inputs);
  try {
    await beforeWrite();
    const { id, outs } = await d.create(contextWith(req.timeouts, "create"), ins);
    return { id, outs: clean(outs) };
  } catch (err) {
    if (err instanceof PartialResultError) err.properties = clean(err.properties);
    throw errorInContext(d.type, err, operation("create", err), d.label(ins));
  }
}

export interface UpdateRequest extends WriteRequest {
  id: string;
  /** The recorded outputs. */
  olds: Data;
  /** The recorded inputs, when the protocol sends them (the plugin's). */
  oldInputs?: Data;
}

/** update: the new outputs; the definition is told which inputs changed (against the recorded outputs, as diff decided). */
export async function update<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>, req: UpdateRequest): Promise<{ outs: Data }> {
  const d = def(definition);
  refuseIfCancelled();
  if (req.preview) return { outs: previewOutputs({ ...req.olds, ...req.inputs }, req.secrets) };
  const ins = userInputs(req.inputs);
  try {
    await beforeWrite();
    const changed = changedKeys(d, basisOf(d, req.olds, req.inputs, req.oldInputs), req.inputs);
    const outs = await d.update(contextWith(req.timeouts, "update"), req.id, userInputs(req.olds), ins, changed);
    return { outs: clean(outs) };
  } catch (err) {
    if (err instanceof PartialResultError) err.properties = clean(err.properties);
    throw errorInContext(d.type, err, operation("update", err), d.label(ins));
  }
}

/** delete: the object removed (or forgotten, as the definition decides). */
export async function remove<I extends Data, S extends Data>(
  definition: ResourceDefinition<I, S>,
  req: { id: string; state: Data; timeouts: Timeouts },
): Promise<void> {
  const d = def(definition);
  refuseIfCancelled();
  d.beforeDelete?.(req.state);
  const state = userInputs(req.state);
  try {
    await beforeWrite();
    await d.delete(contextWith(req.timeouts, "delete"), req.id, state);
  } catch (err) {
    throw errorInContext(d.type, err, operation("delete", err), d.label(state) || req.id);
  }
}

// ---- read (refresh) ----

export type ReadVerdict =
  | { gone: true }
  | {
      gone: false;
      /** The id to record (readId: it may differ from the one given). */
      id: string;
      outs: Data;
      /** The inputs whose recorded values become their live ones (inputsFromRead, one of them changed); undefined: none. */
      inputs?: Data;
    };

/** refresh: the live object as outputs, or gone (the engine then drops the resource from the state). */
export async function read<I extends Data, S extends Data>(
  definition: ResourceDefinition<I, S>,
  req: { id: string; state: Data; timeouts: Timeouts },
): Promise<ReadVerdict> {
  const d = def(definition);
  refuseIfCancelled();
  const state = userInputs(req.state);
  let live: Data | undefined;
  try {
    live = await d.read(contextWith(req.timeouts, "read"), req.id, state);
  } catch (err) {
    throw errorInContext(d.type, err, operation("read", err), d.label(state) || req.id);
  }
  if (live === undefined) return { gone: true };
  const outs = clean(live);
  const keys = d.inputsFromRead ?? [];
  const moved = keys.some((k) => !sameValue(outs[k], state[k]));
  const inputs = moved ? Object.fromEntries(keys.filter((k) => outs[k] !== undefined).map((k) => [k, outs[k]])) : undefined;
  return { gone: false, id: d.readId?.(live, req.id) ?? req.id, outs, ...(inputs ? { inputs } : {}) };
}
