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
 * (resource-class.ts `claims`); the claim resolves the inputs, normalises them with sdk/rules
 * (normalizeZone, normalizeName, normalizeType, normalizeValue) and waits one turn of the event loop,
 * so that the other resources a program declares in the same turn have claimed too. The resource's
 * registration waits for its claim (a hidden input, frame.ts CLAIMS_KEY): a conflict fails the
 * registration of both resources with the message above, so neither reaches the engine and the
 * preview (or up) stops before anything is written. Inputs the engine does not know at preview
 * (outputs of resources the same run creates) are claimed when they are known, at `up`; a record
 * declared in a later turn (after an await) is checked against the claims made before it.
 */
import * as pulumi from "@pulumi/pulumi";
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
  /** `<type> <full name>` as messages show it. */
  what: string;
  /** The normalised value (DnsRecord), when given. */
  value?: string;
}

/** `<ascii zone> <full name> <type>` -> the claims on it, in the order they were made. */
type Claims = Map<string, Claim[]>;

/**
 * The claims of each run, by its stack resource: one process may run several programs (the
 * Automation API's inline programs run a preview and an up in the same process), and each run
 * starts afresh. Without a stack resource (unit tests with mocks), one shared set.
 */
const runs = new WeakMap<object, Claims>();
const noStack = {};
function claimsOfThisRun(): Claims {
  const key = pulumi.runtime.getStackResource() ?? noStack;
  let c = runs.get(key);
  if (!c) {
    c = new Map();
    runs.set(key, c);
  }
  return c;
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
function conflictAmong(claims: Claims, keys: readonly string[], owner: DnsClaimOwner): string | undefined {
  for (const key of keys) {
    const list = claims.get(key) ?? [];
    for (const [i, a] of list.entries()) {
      for (const b of list.slice(i + 1)) {
        if (!conflicts(a, b) || !(sameOwner(a.owner, owner) || sameOwner(b.owner, owner))) continue;
        const both = a.owner.kind === "DnsRecord" && b.owner.kind === "DnsRecord";
        return both
          ? `${shown(a.owner)} and ${shown(b.owner)} both manage the same record ${a.what} ${a.value}; the zone holds it once: keep one of them`
          : `${shown(a.owner)} and ${shown(b.owner)} both manage ${a.what}; manage each name and type in one resource`;
      }
    }
  }
  return undefined;
}

/** Adds the claims of one resource; returns their keys. Records the rules refuse are left to check, which names the field. */
function register(claims: Claims, owner: DnsClaimOwner, serviceName: string, records: readonly { name: string; type: string; value?: string }[]): string[] {
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
      const claim: Claim = { owner, what: `${type} ${unicodeOrSelf(name)}` };
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

/** The error a refused claim fails the resource's registration with. */
export class DnsOverlapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DnsOverlapError";
  }
}

/**
 * Claims `records` of the zone `serviceName` for `owner`. The Output resolves (to undefined) once
 * the claim is made and found free of conflicts, and fails with a DnsOverlapError naming both
 * resources otherwise; a resource passes it as a hidden input so that its registration waits for it.
 */
export function claimDnsRecords(
  owner: DnsClaimOwner,
  serviceName: pulumi.Input<string>,
  records: pulumi.Input<pulumi.Input<DnsClaimRecord>[]>,
): pulumi.Output<undefined> {
  const claims = claimsOfThisRun();
  return pulumi.all([serviceName, records]).apply(async ([zone, list]) => {
    const keys = register(claims, owner, zone, list);
    // One turn of the event loop: the resources declared beside this one have claimed by then.
    await new Promise((resolve) => setImmediate(resolve));
    const conflict = conflictAmong(claims, keys, owner);
    if (conflict) throw new DnsOverlapError(conflict);
    return undefined;
  });
}
