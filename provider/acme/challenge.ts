/**
 * ACME DNS-01 through the account's DNS (RFC 8555 8.4): the TXT record `_acme-challenge.<name>`
 * holding the challenge's value is created in the zone the account hosts for that name and removed
 * again afterwards. Shared by `dondominio-acme` (certbot/lego/acme.sh hooks) and AcmeCertificate.
 *
 * - The zone is the account's hosting service whose name is the longest suffix of the record's
 *   name (service/list), so `_acme-challenge.www.shop.example.com` lands in `shop.example.com` when
 *   the account hosts both.
 * - A CNAME at the name is followed (challengeTarget), as the CA's resolver follows it (RFC 1034
 *   3.6.2; the usual way to delegate validation to another zone): the TXT goes to the end of the
 *   chain, which must be in a zone of the account. A chain is at most MAX_CNAME_HOPS long; a loop
 *   fails naming it. The account's zones are read through the API (their truth, no propagation
 *   delay); a name in none of them can be looked up in DNS (dondominio-acme does).
 * - Several values may share one name (a wildcard and its apex are validated together; facts.md):
 *   present adds its value beside the others and does nothing when the value is there already;
 *   cleanup deletes the records holding its value only.
 * - Writes hold the provider's zone lock shared (provider/dns/zone-lock.ts), as DnsRecord's do, so
 *   a DnsZone of the same process never replaces the zone between them.
 */
import { type ApiDnsItem, asciiOrSelf, isDnsName, recordFromApi } from "../../sdk/rules";
import type { Api } from "../core/client";
import { withZoneLock } from "../dns/zone-lock";

/** TTL of the challenge records: the API's minimum (DNS_CAPABILITIES.ttl), so a stale value leaves caches soon. */
export const CHALLENGE_TTL = 60;
/** CNAMEs followed from one `_acme-challenge` name (resolvers stop chains at about this length; a loop ends here too). */
export const MAX_CNAME_HOPS = 8;

/** The record name lower case ASCII without the final dot, or a RuleError-like message. */
export function challengeName(fqdn: string): string {
  const name = asciiOrSelf(String(fqdn).trim().replace(/\.$/, "").toLowerCase());
  if (!isDnsName(name, false) || !name.includes(".")) throw new Error(`fqdn: ${JSON.stringify(fqdn)} is not a host name such as _acme-challenge.example.com`);
  return name;
}

/**
 * A DNS-01 value: base64url of a SHA-256 digest (43 characters, RFC 8555 8.4); any other
 * base64url text up to 255 characters is accepted for other ACME profiles, nothing else (the value
 * goes into a TXT record and into log lines).
 */
export function challengeValue(value: string): string {
  const v = String(value).trim();
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(v))
    throw new Error("value: the challenge value must be base64url text (letters, digits, - and _), as ACME servers give it");
  return v;
}

/** What challengeTarget reads: the account's zones and their CNAMEs, through the API or preview's cached reads. */
export interface ZoneSource {
  /** The account's hosting services (zone names as listed). */
  zones(): Promise<string[]>;
  /** The target of the CNAME named `name` (full ASCII name) in `zone`, as listed, or undefined. */
  cnameIn(zone: string, name: string): Promise<string | undefined>;
  /** For a name in no zone of the account: its CNAME's target from DNS, or undefined (not looked up). */
  outside?(name: string): Promise<string | undefined>;
}

/** The CNAMEs of a zone's listed records, by full ASCII name. */
export function cnamesOf(zone: string, items: readonly ApiDnsItem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of items) {
    if (i.type.toUpperCase() !== "CNAME") continue;
    const r = recordFromApi(zone, i);
    out.set(r.name, r.value);
  }
  return out;
}

/** The account's zones and CNAMEs through the API: service/list once, one CNAME list per zone asked. */
export function apiZones(api: Api, outside?: ZoneSource["outside"]): ZoneSource {
  let zones: Promise<string[]> | undefined;
  const cnames = new Map<string, Promise<Map<string, string>>>();
  return {
    zones: () => {
      zones ??= api.listAll("service/list", {}).then((s) => s.map((x) => x.name));
      return zones;
    },
    async cnameIn(zone, name) {
      let m = cnames.get(zone);
      if (!m) {
        m = api.listAll("service/dnslist", { serviceName: zone, filterType: "CNAME" }).then((items) => cnamesOf(zone, items as ApiDnsItem[]));
        cnames.set(zone, m);
      }
      return (await m).get(name);
    },
    outside,
  };
}

/** Where a challenge record cannot go (no zone, a CNAME out of the account, a loop): the rule's failure, not a failed read. */
export class ChallengeTargetError extends Error {}

/** The zone (as listed) holding `name` by the longest suffix, or undefined. */
export function zoneOf(zones: readonly string[], name: string): string | undefined {
  let best: string | undefined;
  let bestLength = -1;
  for (const z of zones) {
    const zone = asciiOrSelf(z.toLowerCase());
    if ((name === zone || name.endsWith(`.${zone}`)) && zone.length > bestLength) [best, bestLength] = [z, zone.length];
  }
  return best;
}

const noZone = (zones: readonly string[]) => `no zone of this account holds this name (the account's hosting services: ${zones.join(", ") || "none"})`;

/** The hosting service (zone) of the account that holds `name`, by the longest suffix. */
export async function zoneFor(api: Api, name: string): Promise<string> {
  const zones = await apiZones(api).zones();
  const zone = zoneOf(zones, name);
  if (!zone)
    throw new ChallengeTargetError(`${name}: ${noZone(zones)}; point _acme-challenge at a zone it hosts with a CNAME (README "Free certificates (ACME)")`);
  return zone;
}

export interface ChallengeTarget {
  /** Where the TXT record goes: the end of the CNAME chain. */
  name: string;
  zone: string;
  /** The names from the `_acme-challenge` name to `name`, one per CNAME followed (just the name when there is none). */
  chain: string[];
}

/**
 * Where the TXT record for `start` goes: `start` itself in its zone, or the end of its CNAME chain
 * when that is in a zone of the account. Throws naming the chain when it loops, runs past
 * MAX_CNAME_HOPS, or ends in a name no zone of the account holds.
 */
export async function challengeTarget(src: ZoneSource, start: string): Promise<ChallengeTarget> {
  const zones = await src.zones();
  const chain = [start];
  const shown = () => chain.join(" -> ");
  for (;;) {
    const current = chain[chain.length - 1];
    const zone = zoneOf(zones, current);
    const next = zone ? await src.cnameIn(zone, current) : await src.outside?.(current);
    if (next === undefined) {
      if (zone) return { name: current, zone, chain };
      if (chain.length === 1)
        throw new ChallengeTargetError(`${start}: ${noZone(zones)}; point _acme-challenge at a zone it hosts with a CNAME (README "Free certificates (ACME)")`);
      throw new ChallengeTargetError(
        `${start} is a CNAME to ${current} (${shown()}), and ${noZone(zones)}: the TXT record cannot be written there; point the CNAME at a name in one of these zones, or remove it`,
      );
    }
    let target: string;
    try {
      target = challengeName(next);
    } catch {
      throw new ChallengeTargetError(`${start}: the CNAME at ${current} points to ${JSON.stringify(next.slice(0, 255))}, which is no host name`);
    }
    if (chain.includes(target)) throw new ChallengeTargetError(`${start}: the CNAMEs loop (${shown()} -> ${target}): no TXT record can be written`);
    chain.push(target);
    if (chain.length > MAX_CNAME_HOPS + 1)
      throw new ChallengeTargetError(`${start}: more than ${MAX_CNAME_HOPS} CNAMEs in a row (${shown()}): not followed further`);
  }
}

/** A TXT value as dnslist gives it, compared as text: one quoted string is its content. */
function txtText(v: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(v.trim());
  return m ? m[1].replace(/\\(.)/g, "$1") : v.trim();
}

/** The TXT records of `zone` named `name` (full name, compared in ASCII). */
async function txtAt(api: Api, zone: string, name: string) {
  const items = await api.listAll("service/dnslist", { serviceName: zone, filterType: "TXT", filter: name });
  return items.filter((r) => asciiOrSelf(r.name.toLowerCase()) === name && r.type.toUpperCase() === "TXT");
}

export interface PresentResult {
  zone: string;
  name: string;
  /** False when the value was there already. */
  created: boolean;
  entityID: string;
}

/** Adds the TXT record `name` = `value` in `zone` (default: the account's zone for `name`); nothing when it exists. */
export async function presentTxt(api: Api, name: string, value: string, zone?: string): Promise<PresentResult> {
  const z = zone ?? (await zoneFor(api, name));
  return withZoneLock(
    z,
    async () => {
      const existing = (await txtAt(api, z, name)).find((r) => txtText(r.value) === value);
      if (existing) return { zone: z, name, created: false, entityID: existing.entityID };
      const made = await api.call("service/dnscreate", { serviceName: z, name, type: "TXT", value, ttl: CHALLENGE_TTL });
      return { zone: z, name, created: true, entityID: made.dns[0]?.entityID ?? "" };
    },
    "shared",
  );
}

/** Deletes the TXT records `name` holding `value` in `zone` (default: the account's zone for `name`); the count deleted. */
export async function cleanupTxt(api: Api, name: string, value: string, zone?: string): Promise<{ zone: string; deleted: number }> {
  const z = zone ?? (await zoneFor(api, name));
  return withZoneLock(
    z,
    async () => {
      const mine = (await txtAt(api, z, name)).filter((r) => txtText(r.value) === value);
      for (const r of mine) await api.call("service/dnsdelete", { serviceName: z, entityID: r.entityID });
      return { zone: z, deleted: mine.length };
    },
    "shared",
  );
}
