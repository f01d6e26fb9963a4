/**
 * ACME DNS-01 through the account's DNS (RFC 8555 8.4): the TXT record `_acme-challenge.<name>`
 * holding the challenge's value is created in the zone the account hosts for that name and removed
 * again afterwards. Shared by `dondominio-acme` (certbot/lego/acme.sh hooks) and anything else that
 * answers DNS-01.
 *
 * - The zone is the account's hosting service whose name is the longest suffix of the record's
 *   name (service/list), so `_acme-challenge.www.shop.example.com` lands in `shop.example.com` when
 *   the account hosts both.
 * - Several values may share one name (a wildcard and its apex are validated together; facts.md):
 *   present adds its value beside the others and does nothing when the value is there already;
 *   cleanup deletes the records holding its value only.
 * - Writes hold the provider's zone lock shared (provider/dns/zone-lock.ts), as DnsRecord's do, so
 *   a DnsZone of the same process never replaces the zone between them.
 */
import { asciiOrSelf, isDnsName } from "../../sdk/rules";
import type { Api } from "../core/client";
import { withZoneLock } from "../dns/zone-lock";

/** TTL of the challenge records: the API's minimum (DNS_CAPABILITIES.ttl), so a stale value leaves caches soon. */
export const CHALLENGE_TTL = 60;

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

/** The hosting service (zone) of the account that holds `name`, by the longest suffix. */
export async function zoneFor(api: Api, name: string): Promise<string> {
  const services = await api.listAll("service/list", {});
  let best: string | undefined;
  for (const s of services) {
    const zone = asciiOrSelf(s.name.toLowerCase());
    if ((name === zone || name.endsWith(`.${zone}`)) && (!best || zone.length > asciiOrSelf(best).length)) best = s.name;
  }
  if (!best) {
    const names = services.map((s) => s.name).join(", ") || "none";
    throw new Error(
      `${name}: no zone of this account holds this name (the account's hosting services: ${names}); point _acme-challenge at a zone it hosts with a CNAME (README "Free certificates (ACME)")`,
    );
  }
  return best;
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

/** Adds the TXT record `name` = `value` in the account's zone for `name` (nothing when it exists). */
export async function presentTxt(api: Api, name: string, value: string): Promise<PresentResult> {
  const zone = await zoneFor(api, name);
  return withZoneLock(
    zone,
    async () => {
      const existing = (await txtAt(api, zone, name)).find((r) => txtText(r.value) === value);
      if (existing) return { zone, name, created: false, entityID: existing.entityID };
      const made = await api.call("service/dnscreate", { serviceName: zone, name, type: "TXT", value, ttl: CHALLENGE_TTL });
      return { zone, name, created: true, entityID: made.dns[0]?.entityID ?? "" };
    },
    "shared",
  );
}

/** Deletes the TXT records `name` holding `value` (others at the name stay); the count deleted. */
export async function cleanupTxt(api: Api, name: string, value: string): Promise<{ zone: string; deleted: number }> {
  const zone = await zoneFor(api, name);
  return withZoneLock(
    zone,
    async () => {
      const mine = (await txtAt(api, zone, name)).filter((r) => txtText(r.value) === value);
      for (const r of mine) await api.call("service/dnsdelete", { serviceName: zone, entityID: r.entityID });
      return { zone, deleted: mine.length };
    },
    "shared",
  );
}
