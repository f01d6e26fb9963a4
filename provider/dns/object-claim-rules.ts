/**
 * Two resources of one program that are the same object to the API once their inputs are
 * normalised (a Domain given as "Straße.de" and another as "xn--strae-oqa.de", a MailBox and a
 * MailAlias of one address, two Redirects of one origin): the second write fails, or both fight
 * over one object, so the program is refused before anything is written, naming both. The keys
 * come from each definition's `objectClaims` (core/frame.ts) on its normalised inputs. Pure, like
 * dns-claim-rules.ts beside it (DNS records have their own rules there): run in the program by the
 * dynamic resources (dns-claims.ts) and at Check by the provider plugin, with the same text.
 */
import type { DnsClaimOwner } from "./dns-claim-rules";

export interface ObjectClaim {
  /** What the API knows the object by, e.g. "mail:info@example.com". */
  key: string;
  /** The object as messages name it, e.g. "the address info@example.com". */
  what: string;
}

/** One run's object claims: key -> the claims on it, in order. */
export type ObjectClaims = Map<string, { owner: DnsClaimOwner; seq: number; what: string }[]>;

const same = (a: DnsClaimOwner, b: DnsClaimOwner) => a.kind === b.kind && a.name === b.name;
const shown = (o: DnsClaimOwner) => `${o.kind} ${JSON.stringify(o.name)}`;

/**
 * Adds a resource's object claims (replacing what the same resource claimed before: a check may
 * run again) and returns the message of the first conflict, or undefined.
 */
export function claimObjects(claims: ObjectClaims, owner: DnsClaimOwner, seq: number, objects: readonly ObjectClaim[]): string | undefined {
  for (const [key, list] of claims) {
    const kept = list.filter((c) => !same(c.owner, owner));
    if (kept.length !== list.length) kept.length ? claims.set(key, kept) : claims.delete(key);
  }
  for (const o of objects) claims.set(o.key, [...(claims.get(o.key) ?? []), { owner, seq, what: o.what }]);
  for (const o of objects) {
    const list = claims.get(o.key) ?? [];
    const other = list.find((c) => !same(c.owner, owner));
    if (!other) continue;
    const mine = list.find((c) => same(c.owner, owner))!;
    const [a, b] = other.seq < mine.seq ? [other, mine] : [mine, other];
    return `${shown(a.owner)} and ${shown(b.owner)} are one object to the API: ${a.what === b.what ? a.what : `${a.what} and ${b.what}`} once normalised; declare it once`;
  }
  return undefined;
}
