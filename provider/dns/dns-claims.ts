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
import { normalizeName, normalizeType, normalizeValue, normalizeZone, unicodeOrSelf } from "../../sdk/rules";

export interface DnsClaimOwner {
  kind: "DnsZone" | "DnsRecord";
  /** The resource's name in the program. */
  name: string;
}

/** One record a resource manages; `value` makes DnsRecords with different values at one name and type distinct. */
export interface DnsClaimRecord {
  name: pulumi.Input<string>;
  type: pulumi.Input<string>;
  value?: pulumi.Input<string>;
}

interface Claim {
  owner: DnsClaimOwner;
  /** The order in which the program declared the resource (messages name the earlier one first). */
  seq: number;
  /** `<type> <full name>` as messages show it. */
  what: string;
  /** The normalised value (DnsRecord), when given. */
  value?: string;
}

/** One run's claims: `<ascii zone> <full name> <type>` -> the claims on it in order, and the first conflict found. */
interface Run {
  claims: Map<string, Claim[]>;
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
    run = { claims: new Map(), declared: 0 };
    runs.set(key, run);
  }
  return run;
}

const sameOwner = (a: DnsClaimOwner, b: DnsClaimOwner) => a.kind === b.kind && a.name === b.name;
const shown = (o: DnsClaimOwner) => `${o.kind} ${JSON.stringify(o.name)}`;

/** Do these two claims on one name and type conflict? Two DnsRecords only when they hold the same record. */
function conflicts(a: Claim, b: Claim): boolean {
  if (sameOwner(a.owner, b.owner)) return false;
  if (a.owner.kind === "DnsRecord" && b.owner.kind === "DnsRecord") return a.value !== undefined && a.value === b.value;
  return true;
}

/** The message of the first conflict among `keys`, or undefined. */
function conflictAmong(claims: Run["claims"], keys: readonly string[], owner: DnsClaimOwner): string | undefined {
  for (const key of keys) {
    const list = claims.get(key) ?? [];
    for (const [i, a] of list.entries()) {
      for (const c of list.slice(i + 1)) {
        if (!conflicts(a, c) || !(sameOwner(a.owner, owner) || sameOwner(c.owner, owner))) continue;
        const [b, d] = a.seq < c.seq ? [a, c] : [c, a];
        const both = b.owner.kind === "DnsRecord" && d.owner.kind === "DnsRecord";
        return both
          ? `${shown(b.owner)} and ${shown(d.owner)} both manage the same record ${b.what} ${b.value}; the zone holds it once: keep one of them`
          : `${shown(b.owner)} and ${shown(d.owner)} both manage ${b.what}; manage each name and type in one resource`;
      }
    }
  }
  return undefined;
}

/**
 * A CNAME beside another type at one name, claimed by two resources (RFC 1034 3.6.2, sdk/rules
 * cname-alone.ts): the API would refuse the second write after the first went through.
 */
function cnameConflictAmong(claims: Run["claims"], keys: readonly string[], owner: DnsClaimOwner): string | undefined {
  for (const key of keys) {
    const at = key.slice(0, key.lastIndexOf(" ") + 1);
    const mine = (claims.get(key) ?? []).find((c) => sameOwner(c.owner, owner));
    if (!mine) continue;
    const type = key.slice(at.length);
    for (const [other, list] of claims) {
      if (other === key || !other.startsWith(at)) continue;
      const otherType = other.slice(at.length);
      if (type !== "CNAME" && otherType !== "CNAME") continue;
      const c = list.find((x) => !sameOwner(x.owner, owner));
      if (!c) continue;
      const [b, d] = mine.seq < c.seq ? [mine, c] : [c, mine];
      return `${shown(b.owner)} (${b.what}) and ${shown(d.owner)} (${d.what}): a CNAME holds its name alone (RFC 1034 3.6.2), so the API would refuse the second after the first is written; keep one of them`;
    }
  }
  return undefined;
}

/** Adds the claims of one resource; returns their keys. Records the rules refuse are left to check, which names the field. */
function register(
  claims: Run["claims"],
  owner: DnsClaimOwner,
  seq: number,
  serviceName: string,
  records: readonly { name: string; type: string; value?: string }[],
): string[] {
  let zone: string;
  try {
    zone = normalizeZone(serviceName);
  } catch {
    return [];
  }
  const keys = new Set<string>();
  for (const r of records) {
    try {
      const type = normalizeType(r.type);
      const name = normalizeName(zone, r.name);
      const claim: Claim = { owner, seq, what: `${type} ${unicodeOrSelf(name)}` };
      if (r.value !== undefined) claim.value = normalizeValue(zone, type, r.value);
      const key = `${zone} ${name} ${type}`;
      claims.set(key, [...(claims.get(key) ?? []), claim]);
      keys.add(key);
    } catch {
      // Not a valid record: check refuses it at preview with the rule.
    }
  }
  return [...keys];
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
function claim(run: Run, owner: DnsClaimOwner, seq: number, serviceName: string, records: readonly Plain[]): string[] {
  const keys = register(run.claims, owner, seq, serviceName, records);
  const conflict = conflictAmong(run.claims, keys, owner) ?? cnameConflictAmong(run.claims, keys, owner);
  if (conflict) run.refused ??= new DnsOverlapError(conflict);
  return keys;
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
