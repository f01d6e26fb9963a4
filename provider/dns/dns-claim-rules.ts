/**
 * The rule of DNS claims (dns-claims.ts says why and how the dynamic resources use it): which
 * resource of a run manages which records, and the message of a conflict. Pure (no @pulumi/pulumi),
 * so that the program's process (dns-claims.ts) and the provider plugin (plugin/handlers.ts, across
 * the Check calls of one deployment) run this same code and print the same text.
 */
import { normalizeName, normalizeType, normalizeValue, normalizeZone, unicodeOrSelf } from "../../sdk/rules";
import type { DnsClaimSpec } from "../core/frame";

export type { DnsClaimSpec };

export interface DnsClaimOwner {
  kind: DnsClaimSpec["kind"];
  /** The resource's name in the program. */
  name: string;
}

export interface Claim {
  owner: DnsClaimOwner;
  /** The order in which the program declared the resource (messages name the earlier one first). */
  seq: number;
  /** `<type> <full name>` as messages show it. */
  what: string;
  /** The normalised value (DnsRecord), when given. */
  value?: string;
}

/** One run's claims: `<ascii zone> <full name> <type>` -> the claims on it in order. */
export type Claims = Map<string, Claim[]>;

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
function cnameConflictAmong(claims: Claims, keys: readonly string[], owner: DnsClaimOwner): string | undefined {
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
  claims: Claims,
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
 * Adds the claims of one resource (what the same owner claimed before is replaced: a check may run
 * again) and returns the message of the first conflict they make, or undefined. Records the rules
 * refuse, or that are not records at all, are left to check, which names the field.
 */
export function claimRecords(claims: Claims, owner: DnsClaimOwner, seq: number, serviceName: unknown, records: unknown): string | undefined {
  for (const [key, list] of claims) {
    const kept = list.filter((c) => !sameOwner(c.owner, owner));
    if (kept.length !== list.length) kept.length ? claims.set(key, kept) : claims.delete(key);
  }
  if (typeof serviceName !== "string" || !Array.isArray(records)) return undefined;
  const keys = register(claims, owner, seq, serviceName, records as { name: string; type: string; value?: string }[]);
  return conflictAmong(claims, keys, owner) ?? cnameConflictAmong(claims, keys, owner);
}
