/**
 * What a resource is to the provider, whichever door the engine comes through (the dynamic
 * resources' frame.ts, the plugin's gRPC handlers): a ResourceDefinition (a normalising schema and
 * CRUD on normalised values, with hooks), run by the one lifecycle (lifecycle.ts), plus the values
 * both doors share: the engine's unknown placeholder, the hidden inputs, the operation's Ctx.
 */
import type { z } from "zod";
import { type Api, DEFAULT_BLOCK_BUDGET_MS, getApi } from "./client";
import type { PreviewFacts } from "../money/preview-facts";
import type { Charge } from "../money/spend";

/** The engine's placeholder for values not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
export const TIMEOUTS_KEY = "__timeouts";
/**
 * Hidden input through which a resource's registration waits for its claims (resource-class.ts
 * `claims`). It resolves to nothing, so it is never sent; at preview it may arrive unknown. Ignored.
 */
export const CLAIMS_KEY = "__claims";
export const PROVIDER_KEY = "__provider";
const HIDDEN = new Set([TIMEOUTS_KEY, PROVIDER_KEY, CLAIMS_KEY]);

/**
 * What a resource claims among the run's DNS records (provider/dns/dns-claims.ts), given its inputs
 * as the program gives them (a program's Outputs, or the plugin's plain values).
 */
export interface DnsClaimSpec {
  readonly kind: "DnsZone" | "DnsRecord";
  of(inputs: Record<string, any>): { serviceName: any; records: any };
}

/**
 * The run's DNS claims where a door checks them at check (the plugin, at Check; the dynamic resources
 * claim them in the program: resource-class.ts): the conflict's message, or undefined.
 */
export type ClaimCheck = (kind: DnsClaimSpec["kind"], serviceName: unknown, records: unknown) => string | undefined;

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

/** The program's inputs. A secret Output that resolves to undefined arrives as null (measured, Pulumi 3.250): left out, as a plain undefined is. */
export function userInputs(raw: Data): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(raw ?? {})) if (!HIDDEN.has(k) && v !== null) out[k] = v;
  return out;
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
