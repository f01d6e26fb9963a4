/**
 * The resource frame: turns a ResourceDefinition (schema + CRUD on normalised values) into the
 * object Pulumi's dynamic provider calls (check/diff/create/read/update/delete/configure). Each
 * resource's crud.ts re-exports these functions, so Pulumi serializes the provider as one
 * `require("pulumi-dondominio/dist/provider/resources/<r>/crud.js")` line (provider/README.md).
 *
 * Rules the frame enforces for every resource:
 * - check validates and normalises; failures name the field and the rule. Rules that need the API's
 *   own data (a TLD's years, premium names, SSL products, quotas) run after the schema, through
 *   free, per-process cached reads (checkFacts, provider/money/preview-facts.ts); with no
 *   credentials or an unreachable API they are skipped and the API judges at apply.
 * - diff compares normalised inputs with the recorded (live) outputs; an input the program leaves
 *   out is not managed and never differs; unknown values (preview) count as changes.
 * - outputs never hold `undefined` (the engine rejects it); the hidden `__timeouts` input carries
 *   customTimeouts, which the dynamic provider protocol does not pass on (see README).
 * - read() returning undefined (the object is gone: GONE_CODES) removes the resource from state.
 * - an output `pendingOrder` (a paid order whose outcome is unknown, provider/money/money.ts) always
 *   differs, so the next `up` runs update(), which decides it before anything else.
 * - a resource that spends reports what applying it will charge (`charges`, provider/money/spend.ts):
 *   a create at check, an update or a replacement at diff; a plan past dondominio:maxSpend or the
 *   balance fails there, at preview, before any order.
 * - API blocks are waited out until the operation's deadline (ctx.deadline: its customTimeouts, else
 *   DEFAULT_BLOCK_BUDGET_MS), through ctx.api (provider/core/client.ts).
 */
import type { z } from "zod";
import { beforeWrite, checkStarted } from "./run-gate";
import { debugEnabled } from "../../sdk/core/log";
import { setStackConfig, strictChecks } from "./config";
import { warnOnce } from "./log";
import { printableError, printableText } from "./printable";
import { type Api, DEFAULT_BLOCK_BUDGET_MS, getApi } from "./client";
import { clean, sameValue } from "./plain-data";
import type { PreviewFacts } from "../money/preview-facts";
import { type Charge, planCharges } from "../money/spend";

/** The engine's placeholder for values not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
export const TIMEOUTS_KEY = "__timeouts";
/**
 * Hidden input through which a resource's registration waits for its claims (resource-class.ts
 * `claims`). It resolves to nothing, so it is never sent; at preview it may arrive unknown. Ignored.
 */
export const CLAIMS_KEY = "__claims";
const PROVIDER_KEY = "__provider";
const HIDDEN = new Set([TIMEOUTS_KEY, PROVIDER_KEY, CLAIMS_KEY]);

/**
 * What a resource claims among the run's DNS records (provider/dns/dns-claims.ts), given its inputs
 * as the program gives them (a program's Outputs, or the plugin's plain values).
 */
export interface DnsClaimSpec {
  readonly kind: "DnsZone" | "DnsRecord";
  of(inputs: Record<string, any>): { serviceName: any; records: any };
}

export interface Timeouts {
  create?: number;
  update?: number;
  delete?: number;
  /** The plugin's Read request timeout (the dynamic provider gets none). */
  read?: number;
}

export interface Ctx {
  /** The shared client (resolved on first use: check and diff never need credentials). */
  readonly api: Api;
  /** customTimeouts of the resource, in ms, when the program set them. */
  readonly timeouts: Timeouts;
  /**
   * When this resource operation gives up waiting out API blocks (epoch ms): its customTimeouts
   * (create/update/delete) from the start of the operation, else DEFAULT_BLOCK_BUDGET_MS.
   */
  readonly deadline: number;
}

type Data = Record<string, any>;

export interface ResourceDefinition<I extends Data, S extends Data> {
  /** Resource type name, used in messages ("Domain"). */
  readonly type: string;
  /** Normalising schema of the program's inputs. Pure: no API call. */
  readonly inputs: z.ZodType<I>;
  /** Inputs whose change replaces the resource (the API cannot change them in place). */
  readonly replaceOn: readonly string[];
  /** Inputs that only matter at creation (period, premium...): never compared afterwards. */
  readonly createOnly?: readonly string[];
  /** Short name of the object in messages, e.g. the domain name. */
  label(inputs: I | S): string;
  /** Cross-field or transition rules at check time (e.g. refused downgrades): [property, reason]. */
  checkTransition?(olds: Partial<I> | undefined, news: I): [string, string][];
  /**
   * Rules that need the API's own data, checked at preview with free cached reads once the schema
   * and checkTransition passed and no input is unknown: [property, reason]. `olds` is the previous
   * inputs as recorded, undefined for a resource not created yet.
   */
  checkFacts?(olds: Partial<I> | undefined, news: I): Promise<[string, string][]>;
  /**
   * Rules whose result works but is not what the RFCs or registries say it should be (two SPF
   * records at one name, an MX to a CNAME): [property, reason], run once the inputs passed every
   * other rule. checkInputs prints them as warnings, or refuses them with dondominio:strict.
   */
  checkWarnings?(olds: Partial<I> | undefined, news: I): Promise<[string, string][]>;
  /**
   * The paid steps applying this resource will take, priced from free cached reads (spend.ts):
   * `olds` undefined for a create or a replacement (at check, or at diff), the recorded state for an
   * update in place (at diff).
   */
  charges?(facts: PreviewFacts, olds: S | undefined, news: I): Promise<Charge[]>;
  /** Extra diff verdicts (e.g. settings still pending, a refused downgrade throws). */
  diffExtra?(olds: S, news: I): { changes?: string[]; replaces?: string[] } | undefined;
  /**
   * The recorded outputs as diff compares them with the news (MailBox: a password that matches the
   * recorded fingerprint counts as the recorded one). Raw engine values, hidden inputs included.
   */
  diffBasis?(olds: Data, news: Data): Data;
  /**
   * The inputs whose live object differs although they are as recorded (DnsZone: ["records"] when
   * another writer changed a managed record), asked when diff replaces nothing; the plugin's detailed
   * diff names them. Empty or undefined: the inputs' verdict stands. `news` are the raw inputs (they may hold unknown values at preview).
   */
  diffLive?(olds: S, news: Data): Promise<readonly string[] | undefined>;
  /** Told the verdict of every diff (DnsRecord: plan lines); may ask the old object to go first. */
  afterDiff?(olds: Data, news: Data, verdict: { changes: boolean; replaces: string[] }): { deleteBeforeReplace?: boolean } | undefined;
  /** Told the inputs of every check that passed (DnsRecord: the plan line of a new record). */
  afterCheck?(olds: Data | undefined, inputs: Data): void;
  /**
   * The DNS records the resource manages, claimed among the run's resources so that two never
   * manage the same one (provider/dns/dns-claims.ts): from the class in a program, from Check in the
   * provider plugin.
   */
  readonly dnsClaims?: DnsClaimSpec;
  /**
   * What the API knows the resource's object by, from its normalised inputs (an address, a domain
   * name in ASCII): two resources of a run naming the same one are refused, like two claims of one
   * DNS record (provider/dns/object-claim-rules.ts; the class's claims, or the plugin's Check).
   */
  objectClaims?(inputs: I): readonly { key: string; what: string }[];
  /** Told every delete before it runs (DnsRecord: its plan line). */
  beforeDelete?(props: Data): void;
  create(ctx: Ctx, inputs: I): Promise<{ id: string; outs: S }>;
  /** Live state mapped to outputs, or undefined when the object no longer exists. */
  read(ctx: Ctx, id: string, state: S): Promise<S | undefined>;
  /**
   * The id a read state should be recorded under, when it can differ from the current one (an
   * SslCertificate recorded before its number was known). A refresh records the new id.
   */
  readId?(state: S, id: string): string;
  /**
   * Inputs a refresh takes from the live object when one of them changed outside: the recorded
   * inputs become these keys' live values, so `ignoreChanges` on one of them keeps the live value
   * instead of putting the program's first one back (examples/dynamic-dns: records that
   * dondominio-ddns updates). Unset, or nothing changed: a refresh leaves the recorded inputs alone.
   */
  readonly inputsFromRead?: readonly string[];
  update(ctx: Ctx, id: string, olds: S, news: I, changed: readonly string[]): Promise<S>;
  delete(ctx: Ctx, id: string, state: S): Promise<void>;
}

/**
 * Thrown by create/update when the object exists but is not yet what was asked (e.g. a wait timed
 * out): the engine records `id` and `properties` with an initialization error, so nothing is lost
 * and the next `pulumi up` resumes through update().
 */
export class PartialResultError extends Error {
  readonly id: string;
  properties: Data;
  readonly reasons: string[];
  constructor(message: string, id: string, properties: Data) {
    super(message);
    this.name = "PartialResultError";
    this.id = id;
    this.properties = properties;
    this.reasons = [message];
  }
}

/** True when the value, or anything inside it, is not known yet (preview). */
export function hasUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(hasUnknown);
  if (v && typeof v === "object") return Object.values(v).some(hasUnknown);
  return false;
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

/** The program's inputs. A secret Output that resolves to undefined arrives as null (measured, Pulumi 3.250): left out, as a plain undefined is. */
export function userInputs(raw: Data): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(raw ?? {})) if (!HIDDEN.has(k) && v !== null) out[k] = v;
  return out;
}

function timeoutsOf(raw: Data | undefined): Timeouts {
  const t = raw?.[TIMEOUTS_KEY];
  if (!t || typeof t !== "object") return {};
  const out: Timeouts = {};
  for (const k of ["create", "update", "delete"] as const) if (typeof t[k] === "number" && t[k] > 0) out[k] = t[k];
  return out;
}

function context(raw: Data | undefined, operation?: keyof Timeouts): Ctx {
  return contextWith(timeoutsOf(raw), operation);
}

/** The Ctx of one operation given its timeouts (shared with the plugin, which gets them from the request). */
export function contextWith(timeouts: Timeouts, operation?: keyof Timeouts): Ctx {
  let api: Api | undefined;
  const deadline = Date.now() + ((operation && timeouts[operation]) || DEFAULT_BLOCK_BUDGET_MS);
  return {
    get api() {
      api ??= getApi().until(deadline);
      return api;
    },
    timeouts,
    deadline,
  };
}

/** Outputs as the engine stores them: no undefined anywhere, the provider reference kept. */
function stored(outs: Data, providerRef: unknown): Data {
  const out = clean(outs);
  if (providerRef !== undefined) out[PROVIDER_KEY] = providerRef;
  return out;
}

export interface DynamicProviderModule {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  check(olds: Data, news: Data): Promise<{ inputs: Data; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: Data, news: Data): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace?: boolean }>;
  create(inputs: Data): Promise<{ id: string; outs: Data }>;
  read(id: string, props?: Data): Promise<{ id?: string; props?: Data; inputs?: Data }>;
  update(id: string, olds: Data, news: Data): Promise<{ outs: Data }>;
  delete(id: string, props: Data): Promise<void>;
}

/**
 * check's verdict, shared by the dynamic frame and the plugin (plugin/): the normalised inputs
 * (hidden keys left out, no undefined) and failures, each reason starting with the field's path.
 */
export async function checkInputs<I extends Data, S extends Data>(
  def: ResourceDefinition<I, S>,
  olds: Data | undefined,
  news: Data,
): Promise<{ inputs: Data; failures: { property: string; reason: string }[] }> {
  const raw = userInputs(news);
  const parsed = def.inputs.safeParse(raw);
  const failures: { property: string; reason: string }[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A value the engine does not know yet (preview) cannot be judged now; check runs again
      // with the real value before anything is applied.
      if (valueAt(raw, issue.path) === UNKNOWN || hasUnknown(valueAt(raw, issue.path))) continue;
      // records[3].value: list positions in brackets, as a program writes them.
      const property = issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p))).join("") || def.type;
      failures.push({ property, reason: `${property}: ${issue.message}` });
    }
  }
  const inputs: Data = hasUnknown(raw) || !parsed.success ? raw : (parsed.data as Data);
  if (parsed.success && def.checkTransition && !hasUnknown(raw)) {
    const before = def.inputs.safeParse(userInputs(olds ?? {}));
    for (const [property, reason] of def.checkTransition(before.success ? before.data : undefined, parsed.data)) {
      failures.push({ property, reason: `${property}: ${reason}` });
    }
  }
  if (parsed.success && !failures.length && def.checkFacts && !hasUnknown(raw)) {
    const before = userInputs(olds ?? {});
    for (const [property, reason] of await def.checkFacts(Object.keys(before).length ? (before as Partial<I>) : undefined, parsed.data)) {
      failures.push({ property, reason: `${property}: ${reason}` });
    }
  }
  // Warnings (checkWarnings): one line each per process, or, with dondominio:strict (as `dnscontrol
  // check` and octoDNS's strict mode), failures like any other rule. Both doors get them here.
  if (parsed.success && !failures.length && def.checkWarnings && !hasUnknown(raw)) {
    const before = userInputs(olds ?? {});
    const strict = strictChecks();
    for (const [property, reason] of await def.checkWarnings(Object.keys(before).length ? (before as Partial<I>) : undefined, parsed.data)) {
      if (strict) failures.push({ property, reason: `${property}: ${reason} (a warning, refused: dondominio:strict is true)` });
      else warnOnce(`${def.type} ${def.label(parsed.data)}: ${property}: ${reason} (a warning; dondominio:strict makes it an error)`);
    }
  }
  // A new resource that spends: its price counts towards the plan's total (at check: no diff follows a create).
  if (parsed.success && !failures.length && def.charges && !hasUnknown(raw) && !Object.keys(userInputs(olds ?? {})).length) {
    const data = parsed.data;
    const refusal = await planCharges(`${def.type} ${def.label(data)}`, (facts) => def.charges!(facts, undefined, data));
    if (refusal) failures.push({ property: "", reason: refusal });
  }
  return { inputs: clean(inputs), failures };
}

/**
 * diff's verdict, shared by the dynamic frame and the plugin: the inputs that differ from `compareTo`
 * (the dynamic frame: the recorded outputs; the plugin: the recorded inputs) and those that replace.
 * `state` is the recorded outputs (pendingOrder, diffExtra, charges). Throws a plan over budget.
 */
export async function diffVerdict<I extends Data, S extends Data>(
  def: ResourceDefinition<I, S>,
  compareTo: Data,
  state: Data,
  news: Data,
): Promise<{ changed: string[]; replaces: string[] }> {
  const changed = changedKeys(def, compareTo, news);
  // A paid order whose outcome is unknown (provider/money/money.ts): the next up decides it.
  if (state?.pendingOrder !== undefined && !changed.includes("pendingOrder")) changed.push("pendingOrder");
  const replaces = changed.filter((k) => def.replaceOn.includes(k));
  if (!hasUnknown(userInputs(news))) {
    const extra = def.diffExtra?.(state as S, userInputs(news) as I);
    for (const k of extra?.changes ?? []) if (!changed.includes(k)) changed.push(k);
    for (const k of extra?.replaces ?? []) if (!replaces.includes(k)) replaces.push(k);
  }
  // An update or replacement that spends: priced at diff, where the recorded state is known.
  if (changed.length && def.charges && !hasUnknown(userInputs(news))) {
    const ins = userInputs(news) as I;
    const refusal = await planCharges(`${def.type} ${def.label(ins)}`, (facts) => def.charges!(facts, replaces.length ? undefined : (state as S), ins));
    if (refusal) throw new Error(printableText(`${def.type} ${def.label(ins)}: ${refusal}`));
  }
  return { changed, replaces };
}

/**
 * The inputs whose live object differs although they are as recorded (diffLive: DnsZone reads the live
 * zone at preview, reads only), asked when the diff replaces nothing; shared by the dynamic frame and
 * the plugin. [] when the definition has no such hook or the live object is as planned.
 */
export async function liveChanged<I extends Data, S extends Data>(
  def: ResourceDefinition<I, S>,
  state: Data,
  news: Data,
  replaces: readonly string[],
): Promise<string[]> {
  if (replaces.length || !def.diffLive) return [];
  return [...((await def.diffLive(state as S, news)) ?? [])];
}

/** The program's inputs that differ from `olds` (createOnly inputs never do; unknown ones always do). */
export function changedKeys<I extends Data, S extends Data>(def: ResourceDefinition<I, S>, olds: Data, news: Data): string[] {
  const ignored = new Set(def.createOnly ?? []);
  const keys: string[] = [];
  for (const [k, v] of Object.entries(userInputs(news))) {
    if (v === undefined || ignored.has(k)) continue;
    if (hasUnknown(v) || !sameValue(v, olds[k])) keys.push(k);
  }
  return keys;
}

/** The error with "<Type> <label>: <operation>: " in front, once (shared with the plugin). */
export function errorInContext(type: string, err: unknown, what: string, label: string): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  if (!e.message.startsWith(`${type} `)) e.message = `${type} ${label}: ${what}: ${e.message}`;
  // The engine prints it: API data and names in it stay one visible line.
  return printableError(e);
}

type Def = ResourceDefinition<Data, Data>;

async function check(def: Def, olds: Data, news: Data): Promise<{ inputs: Data; failures?: { property: string; reason: string }[] }> {
  // The run's gate (run-gate.ts): a failed check keeps every write of this run from happening.
  const done = checkStarted();
  let failure: string | undefined;
  try {
    const { inputs, failures } = await checkInputs(def, olds, news);
    if (news[TIMEOUTS_KEY] !== undefined) inputs[TIMEOUTS_KEY] = news[TIMEOUTS_KEY];
    if (failures.length) failure = `${def.type}${labelOf(def, news)}: ${failures[0].reason}`;
    else def.afterCheck?.(olds, inputs);
    // The engine prints a failure as "property <p> value <v> has a problem", with the value in
    // plaintext even for secrets (measured, Pulumi 3.250). The reason already starts with the
    // field's path, so the property is left empty and no input value is ever printed.
    return failures.length ? { inputs, failures: failures.map((f) => ({ property: "", reason: printableText(f.reason) })) } : { inputs };
  } catch (err) {
    failure = `${def.type}: ${(err as Error)?.message ?? err}`;
    throw err;
  } finally {
    done(failure);
  }
}

/** " <label>" of inputs the schema may have refused, or "" (the type alone names it). */
function labelOf(def: Def, news: Data): string {
  try {
    const label = def.label(userInputs(news));
    return label ? ` ${label}` : "";
  } catch {
    return "";
  }
}

async function diff(def: Def, olds: Data, news: Data): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace?: boolean }> {
  const basis = def.diffBasis?.(olds, news) ?? olds;
  const { changed, replaces } = await diffVerdict(def, basis, basis, news);
  // DONDOMINIO_DEBUG=1 names the differing inputs (values left out: they may be secret).
  if (debugEnabled() && changed.length)
    console.error(`[dondominio] ${def.type} ${def.label(basis)}: diff ${changed.join(", ")}${replaces.length ? ` (replace: ${replaces.join(", ")})` : ""}`);
  const live = await liveChanged(def, basis, news, replaces);
  const verdict = { changes: changed.length > 0 || live.length > 0, replaces };
  return { ...verdict, ...def.afterDiff?.(basis, news, verdict) };
}

async function create(def: Def, inputs: Data): Promise<{ id: string; outs: Data }> {
  const ins = userInputs(inputs);
  try {
    await beforeWrite();
    const { id, outs } = await def.create(context(inputs, "create"), ins);
    return { id, outs: clean(outs) };
  } catch (err) {
    if (err instanceof PartialResultError) err.properties = stored(err.properties, inputs[PROVIDER_KEY]);
    throw errorInContext(def.type, err, "create", def.label(ins));
  }
}

async function read(def: Def, id: string, props: Data): Promise<{ id?: string; props?: Data; inputs?: Data }> {
  const state = userInputs(props);
  try {
    const live = await def.read(context(props), id, state);
    // No id: the object is gone and the engine drops the resource from the state.
    if (live === undefined) return { id: "", props: {} };
    const outs = clean(live) as Data;
    const keys = def.inputsFromRead ?? [];
    const inputs = keys.some((k) => !sameValue(outs[k], state[k]))
      ? Object.fromEntries([...keys, TIMEOUTS_KEY].map((k) => [k, k === TIMEOUTS_KEY ? props[k] : outs[k]]).filter(([, v]) => v !== undefined))
      : undefined;
    return { id: def.readId?.(live, id) ?? id, props: outs, ...(inputs ? { inputs } : {}) };
  } catch (err) {
    throw errorInContext(def.type, err, "read", def.label(state) || id);
  }
}

async function update(def: Def, id: string, olds: Data, news: Data): Promise<{ outs: Data }> {
  const ins = userInputs(news);
  try {
    await beforeWrite();
    const outs = await def.update(context(news, "update"), id, userInputs(olds), ins, changedKeys(def, olds, news));
    return { outs: clean(outs) };
  } catch (err) {
    if (err instanceof PartialResultError) err.properties = stored(err.properties, news[PROVIDER_KEY]);
    throw errorInContext(def.type, err, "update", def.label(ins));
  }
}

async function remove(def: Def, id: string, props: Data): Promise<void> {
  def.beforeDelete?.(props);
  const state = userInputs(props);
  try {
    await beforeWrite();
    await def.delete(context(props, "delete"), id, state);
  } catch (err) {
    throw errorInContext(def.type, err, "delete", def.label(state) || id);
  }
}

/** The dynamic provider of a resource: each resource's crud.ts exports these functions. */
export function defineProvider<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>): DynamicProviderModule {
  const def = definition as unknown as Def;
  return printableFailures({
    configure: async (req) => setStackConfig((key) => req.config.get(key)),
    check: (olds, news) => check(def, olds, news),
    diff: (_id, olds, news) => diff(def, olds, news),
    create: (inputs) => create(def, inputs),
    read: (id, props = {}) => read(def, id, props),
    update: (id, olds, news) => update(def, id, olds, news),
    delete: (id, props) => remove(def, id, props),
  });
}

/**
 * check and diff may fail on a read at preview (a fact, a price) whose message quotes API data; the
 * engine prints it: one visible line too (create/read/update/delete: withContext).
 */
function printableFailures(p: DynamicProviderModule): DynamicProviderModule {
  return {
    ...p,
    check: (olds, news) =>
      p.check(olds, news).catch((err: unknown) => {
        throw printableError(err);
      }),
    diff: (id, olds, news) =>
      p.diff(id, olds, news).catch((err: unknown) => {
        throw printableError(err);
      }),
  };
}
