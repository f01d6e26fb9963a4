/**
 * What the emulator's authoritative DNS answers for one question, from the hosted zones (a zone is
 * a hosting service, service/lookup.ts findZone). As an authoritative-only server does:
 * - a name in no hosted zone: REFUSED, not authoritative (it is no one's answer to give);
 * - a name in a zone with records of the type: NOERROR with them (AA);
 * - a name that exists with other types only, or an empty non-terminal (`_acme-challenge` when only
 *   `x._acme-challenge` exists): NOERROR, no data, the zone's SOA in authority (RFC 2308);
 * - a name that does not exist in the zone: NXDOMAIN with the SOA; `*.<closest encloser>` records
 *   answer for it instead when they exist (RFC 4592).
 * A CNAME answers every type but CNAME and is followed while its target is in a hosted zone (RFC
 * 1034 4.3.2; how `_acme-challenge` delegated by CNAME to another hosted zone resolves). The zone
 * state has no SOA record: one is made up at the apex (serial from the zone's contents), and the NS
 * records default to the emulator's nameservers when the zone has none (as tool/zonecheck does).
 * Delegations below the apex are not emulated: an NS record there is answered as data.
 */
import { createHash } from "node:crypto";
import type { Answer } from "dns-packet";
import { asciiOrSelf } from "../../sdk/rules";
import type { World } from "../core/state";
import { EMULATOR_NAMESERVERS } from "../data/products";
import { findZone } from "../modules/service/lookup";
import type { ZoneRecord } from "../modules/service/model";
import { wireRecord } from "./rdata";

export type Rcode = "NOERROR" | "NXDOMAIN" | "REFUSED";

export interface DnsResult {
  rcode: Rcode;
  authoritative: boolean;
  answers: Answer[];
  authorities: Answer[];
}

/** Longest CNAME chain followed (loops end here too). */
const MAX_CHAIN = 8;
/** Negative-caching TTL of the made-up SOA (RFC 2308: the SOA minimum). */
const NEGATIVE_TTL = 300;

interface Zone {
  apex: string;
  /** The service's records as stored (the serial is hashed from them). */
  stored: ZoneRecord[];
  records: { r: ZoneRecord; name: string }[];
  /** serial(), computed once per answer. */
  serial?: number;
}

function zoneOf(world: World, qname: string): Zone | undefined {
  const found = findZone(world, qname);
  if (!found) return undefined;
  const svc = found.account.services[found.serviceName];
  return { apex: asciiOrSelf(found.serviceName), stored: svc.dns, records: svc.dns.map((r) => ({ r, name: asciiOrSelf(r.name) })) };
}

/**
 * A hash of the zone's records: a serial that changes whenever the zone does. Computed at each
 * answer that shows the SOA, so its cost grows with the zone: the state has no change counter to
 * key a cache on, and a stale serial would be wrong.
 */
function serial(zone: Zone): number {
  zone.serial ??= createHash("sha256").update(JSON.stringify(zone.stored)).digest().readUInt32BE(0);
  return zone.serial;
}

function apexNs(zone: Zone): string[] {
  const ns = zone.records.filter((x) => x.name === zone.apex && x.r.type === "NS").map((x) => x.r.value);
  return ns.length ? ns : [...EMULATOR_NAMESERVERS];
}

function soa(zone: Zone): Answer {
  return {
    name: zone.apex,
    type: "SOA",
    class: "IN",
    ttl: 3600,
    data: { mname: apexNs(zone)[0], rname: `hostmaster.${zone.apex}`, serial: serial(zone), refresh: 3600, retry: 600, expire: 604800, minimum: NEGATIVE_TTL },
  };
}

/** The records of the zone at `name` (made-up SOA and default NS included at the apex). */
function recordsAt(zone: Zone, name: string, owner: string): Answer[] {
  const out = zone.records.filter((x) => x.name === name).flatMap((x) => wireRecord(x.r, owner) ?? []);
  if (name === zone.apex) {
    out.unshift({ ...soa(zone), name: owner });
    if (!out.some((a) => a.type === "NS")) for (const ns of EMULATOR_NAMESERVERS) out.push({ name: owner, type: "NS", class: "IN", ttl: 3600, data: ns });
  }
  return out;
}

/** Whether `name` owns records or has names below it (an empty non-terminal exists too, RFC 8020). */
function exists(zone: Zone, name: string): boolean {
  return name === zone.apex || zone.records.some((x) => x.name === name || x.name.endsWith(`.${name}`));
}

/** The records that answer for `name`: its own, or a wildcard's at the closest encloser (RFC 4592 4.1). */
function lookup(zone: Zone, name: string, owner: string): Answer[] | undefined {
  if (exists(zone, name)) return recordsAt(zone, name, owner);
  // Up label by label to the apex (a name in the zone ends with it; stop at the last label anyway).
  let encloser = name;
  while (encloser !== zone.apex && encloser.includes(".")) {
    encloser = encloser.slice(encloser.indexOf(".") + 1);
    if (exists(zone, encloser)) break;
  }
  const wildcard = `*.${encloser}`;
  return zone.records.some((x) => x.name === wildcard) ? recordsAt(zone, wildcard, owner) : undefined;
}

/** The answer to `qname` (as the question spelt it) and `qtype` ("ANY" for every type). */
export function answer(world: World, qname: string, qtype: string): DnsResult {
  let name = asciiOrSelf(qname.replace(/\.$/, "").toLowerCase());
  let owner = qname.replace(/\.$/, "");
  const first = zoneOf(world, name);
  if (!first) return { rcode: "REFUSED", authoritative: false, answers: [], authorities: [] };
  const answers: Answer[] = [];
  let zone: Zone = first;
  for (let hop = 0; hop <= MAX_CHAIN; hop++) {
    const here = lookup(zone, name, owner);
    if (here === undefined) return { rcode: "NXDOMAIN", authoritative: true, answers, authorities: [soa(zone)] };
    const cname = here.find((a) => a.type === "CNAME");
    if (cname && qtype !== "CNAME" && qtype !== "ANY") {
      answers.push(cname);
      const target = asciiOrSelf(String((cname as { data: string }).data));
      const next = zoneOf(world, target);
      // A target outside the hosted zones is the asker's to resolve: the chain ends here.
      if (!next || answers.some((a) => a.type === "CNAME" && a.name === target)) return { rcode: "NOERROR", authoritative: true, answers, authorities: [] };
      zone = next;
      name = target;
      owner = target;
      continue;
    }
    const matching = here.filter((a) => qtype === "ANY" || a.type === qtype);
    answers.push(...matching);
    return { rcode: "NOERROR", authoritative: true, answers, authorities: matching.length ? [] : [soa(zone)] };
  }
  return { rcode: "NOERROR", authoritative: true, answers, authorities: [] };
}
