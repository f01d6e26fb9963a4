/**
 * Which resource of the program manages which DNS records (issue 12 item 1, "Overlap"): the same
 * zone, full name and type managed by a DnsZone and a DnsRecord, or by two DnsZones, or the same
 * record (name, type and value) by two DnsRecords, is refused at preview, before any API write,
 * with both resources named:
 *
 *   DnsRecord "www" and DnsZone "main" both manage A www.example.com; manage each name and type in one resource
 *
 * Several records at one name and type within one resource are fine (a DnsZone's round-robin A
 * records), and so are several DnsRecords at one name and type with different values.
 *
 * This runs in the program's process: the dynamic provider's check and diff get no resource name or
 * URN, and see one resource at a time. Each resource class claims its records from its constructor
 * (resource-class.ts `claims`), normalised with sdk/rules (normalizeZone, normalizeName,
 * normalizeType, normalizeValue). The resource's registration waits for its claim (a hidden input,
 * frame.ts CLAIMS_KEY), which settles one turn of the event loop later, once the resources declared
 * beside it have claimed too; any conflict in the run fails every DNS resource's registration that
 * has not gone out yet, so none reaches the engine and nothing is written. A claim of plain values
 * (the usual case) also throws from the constructor, which fails the program itself (see
 * claimDnsRecords for why that matters). Inputs the engine does not know at preview (outputs of
 * resources the same run creates) are claimed when they are known, at `up`; a record declared in a
 * later turn (after an await) is checked against the claims made before it, and a resource already
 * registered by then is not stopped.
 */
import * as pulumi from "@pulumi/pulumi";
import { safeMessage } from "../../sdk/core/errors";
import type { z } from "zod";
import { type Claims, claimRecords, type DnsClaimOwner, type DnsClaimSpec } from "./dns-claim-rules";
import { claimObjects, type ObjectClaim, type ObjectClaims } from "./object-claim-rules";

export type { DnsClaimOwner } from "./dns-claim-rules";

/** One record a resource manages; `value` makes DnsRecords with different values at one name and type distinct. */
export interface DnsClaimRecord {
  name: pulumi.Input<string>;
  type: pulumi.Input<string>;
  value?: pulumi.Input<string>;
}

/** One run's claims and the first conflict found. */
interface Run {
  claims: Claims;
  /** Objects of the API the run's resources stand for (object-claim-rules.ts). */
  objects: ObjectClaims;
  declared: number;
  refused?: DnsOverlapError;
}

/**
 * The claims of each run, by its stack resource: one process may run several programs (the
 * Automation API's inline programs run a preview and an up in the same process), and each run
 * starts afresh. Without a stack resource (unit tests with pulumi.runtime.setMocks), by the resource
 * monitor, which each setMocks call makes anew.
 */
const runs = new WeakMap<object, Run>();
const noStack = {};
function thisRun(): Run {
  const key = pulumi.runtime.getStackResource() ?? pulumi.runtime.getMonitor() ?? noStack;
  let run = runs.get(key);
  if (!run) {
    run = { claims: new Map(), objects: new Map(), declared: 0 };
    runs.set(key, run);
  }
  return run;
}

/**
 * The error a refused claim fails the program with. A RunError: the engine shows its message
 * without the program's stack trace.
 */
export class DnsOverlapError extends pulumi.RunError {
  constructor(message: string) {
    // It quotes the records' names and values: one visible line (sdk/core/printable.ts).
    super(safeMessage(message));
    this.name = "DnsOverlapError";
  }
}

type Plain = { name: string; type: string; value?: string };

/** The claim's inputs when the program gave them as plain values (no Output, no Promise), else undefined. */
function plainInputs(serviceName: pulumi.Input<string>, records: pulumi.Input<pulumi.Input<DnsClaimRecord>[]>): [string, Plain[]] | undefined {
  const plain = (v: unknown) => v === undefined || typeof v === "string";
  if (typeof serviceName !== "string" || !Array.isArray(records)) return undefined;
  for (const r of records) {
    if (!r || typeof r !== "object" || pulumi.Output.isInstance(r) || r instanceof Promise) return undefined;
    const { name, type, value } = r as DnsClaimRecord;
    if (!plain(name) || !plain(type) || !plain(value)) return undefined;
  }
  return [serviceName, records as Plain[]];
}

/** Registers a claim; a conflict becomes the run's refusal (the first one found is kept). */
function claim(run: Run, owner: DnsClaimOwner, seq: number, serviceName: string, records: readonly Plain[]): void {
  const conflict = claimRecords(run.claims, owner, seq, serviceName, records);
  if (conflict) run.refused ??= new DnsOverlapError(conflict);
}

/**
 * Claims `records` of the zone `serviceName` for `owner`, from a resource's constructor. The
 * resource passes the returned Output as a hidden input, so that its registration waits for it: it
 * resolves (to undefined) one turn of the event loop after the claim was made, when the resources
 * declared beside it have claimed too, and fails with the run's DnsOverlapError if any claim of the
 * run conflicts, so that no DNS resource of a refused program reaches the engine.
 *
 * Given as plain values (the usual case), the claim is made at once and a conflict is thrown from
 * the constructor: the program itself fails, which stops the run before the engine plans anything
 * (with the Automation API's inline programs, a failure only seen in a resource's inputs still lets
 * the engine go on to delete the resources the program did not declare: Pulumi 3.250
 * automation/server.js signals a normal shutdown first). Inputs that are Outputs are claimed when
 * they resolve; at preview, those not known yet are claimed at `up`.
 *
 * How it shows (Pulumi 3.250, measured in tests/provider/dns-plan.test.ts): the preview or up fails
 * with `error: <message>` under the stack's diagnostics; a resource whose claim Output failed adds
 * `error: error serializing property "__claims": <message>`.
 */
export function claimDnsRecords(
  owner: DnsClaimOwner,
  serviceName: pulumi.Input<string>,
  records: pulumi.Input<pulumi.Input<DnsClaimRecord>[]>,
): pulumi.Output<undefined> {
  const run = thisRun();
  const seq = run.declared++;
  const now = plainInputs(serviceName, records);
  if (now) {
    claim(run, owner, seq, ...now);
    if (run.refused) throw run.refused;
  }
  const inputs = now ? pulumi.output(now) : pulumi.all([serviceName, records]);
  return inputs.apply(async ([zone, list]) => {
    if (!now) claim(run, owner, seq, zone, list);
    // One turn of the event loop: the resources declared beside this one have claimed by then.
    await new Promise((resolve) => setImmediate(resolve));
    if (run.refused) throw run.refused;
    return undefined;
  });
}

/**
 * For a resource that claims no DNS records: its registration waits one turn of the event loop as
 * the DNS resources' do, and fails with the run's refusal, so that a program refused for its DNS
 * claims registers none of its other resources either (nothing of it is written, issue 19 item 16).
 */
export function afterRunClaims(): pulumi.Output<undefined> {
  const run = thisRun();
  return pulumi.output(
    new Promise<undefined>((resolve, reject) =>
      setImmediate(() => {
        if (run.refused) reject(run.refused);
        else resolve(undefined);
      }),
    ),
  );
}

/** A resource class's `claims` (resource-class.ts) from its definition's dnsClaims (frame.ts): what it claims is said once. */
export function claimsOf(spec: DnsClaimSpec): (name: string, args: Record<string, any>) => pulumi.Output<undefined> {
  return (name, args) => {
    const { serviceName, records } = spec.of(args);
    return claimDnsRecords({ kind: spec.kind, name }, serviceName, records);
  };
}

/** True when `v` holds no Output and no Promise anywhere (the program gave plain values). */
function isPlain(v: unknown): boolean {
  if (pulumi.Output.isInstance(v) || v instanceof Promise) return false;
  if (Array.isArray(v)) return v.every(isPlain);
  if (v && typeof v === "object") return Object.values(v).every(isPlain);
  return true;
}

/**
 * A resource class's `claims` (resource-class.ts) for a resource of type `kind` that stands for
 * one object of the API (object-claim-rules.ts): the program's inputs are normalised with the resource's own schema
 * (`inputs`, pure) and `objects` names what the API knows them by; two resources of the run that
 * name the same object fail the run as overlapping DNS records do (the same refusal: nothing of it
 * registers). Plain inputs are claimed from the constructor (a conflict throws there); inputs with
 * Outputs when they resolve (not at preview when unknown). Inputs the schema refuses are left to
 * check, which names the field.
 */
export function objectClaimsOf<I>(
  kind: string,
  inputs: z.ZodType<I>,
  objects: (normalised: I) => readonly ObjectClaim[],
): (name: string, args: Record<string, any>) => pulumi.Output<undefined> {
  return (name, args) => {
    const run = thisRun();
    const seq = run.declared++;
    const owner: DnsClaimOwner = { kind, name };
    const claim = (plain: Record<string, unknown>) => {
      const clean = Object.fromEntries(Object.entries(plain ?? {}).filter(([, v]) => v !== undefined && v !== null));
      const parsed = inputs.safeParse(clean);
      if (!parsed.success) return;
      const conflict = claimObjects(run.objects, owner, seq, objects(parsed.data));
      if (conflict) run.refused ??= new DnsOverlapError(conflict);
    };
    const plain = isPlain(args);
    if (plain) {
      claim(args);
      if (run.refused) throw run.refused;
    }
    const resolved = plain
      ? pulumi.output(undefined)
      : pulumi.output(args as pulumi.Input<Record<string, unknown>>).apply((v) => claim(v as Record<string, unknown>));
    return resolved.apply(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (run.refused) throw run.refused;
      return undefined;
    });
  };
}
