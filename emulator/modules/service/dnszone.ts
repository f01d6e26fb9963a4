/**
 * DNS zone rules of a hosted service (spec "Service sub-resources", facts.md "Hosting, mail and DNS").
 *
 * Choices where the spec is silent (written down as common.md asks):
 * - Names: full host names are the norm (facts.md: `_acme-challenge.example.com`); "@" is the apex
 *   and any name that is not the zone and does not end in ".<zone>" is relative to it, so `www`,
 *   `www.example.com` and `www.example.com.` are one name. Stored lower case: the labels below the
 *   zone as they arrive (the catalogue turns IDN labels into punycode), the zone as the service is
 *   named (Unicode for an IDN service), so a punycode full name and a relative one are one name.
 * - Values: host names lower case without the final dot; CAA tag lower case; TXT as sent.
 * - A record identical to an existing one (same name, type and value) is refused with 4004, and so
 *   is a CNAME beside any other record at its name (RFC 1034), or another record beside a CNAME.
 *   Several TXT records may share a name (facts.md: apex + wildcard ACME challenges).
 * - priority only means something for MX and SRV (default 10, spec); for other types it is ignored
 *   and answered "-". An omitted ttl/priority on dnsupdate keeps the current one; "-" sets the default.
 */
import {
  asciiOrSelf,
  cleanHost,
  DNS_CAPABILITIES,
  DNS_TYPES,
  dashOrNumber,
  dnsName,
  dnsValueProblem,
  normaliseDnsValue,
  takesPriority,
} from "../../../sdk/rules";
import { fault } from "../../core/errors";
import type { World } from "../../core/state";
import { EMULATOR_HOSTING_IP, EMULATOR_NAMESERVERS } from "../../data/products";
import { type ZoneRecord, type ServiceRecord, newEntityId } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";

/** Default TTL of records sent without one (spec silent). */
export const DEFAULT_TTL = 3600;
/** Default priority of MX and SRV records (spec "service module" dnscreate). */
export const DEFAULT_PRIORITY = DNS_CAPABILITIES.priority.default;
const { ttl: TTL, priority: PRIORITY } = DNS_CAPABILITIES;

/** A record as dnscreate is sent it: the stored fields but the id; ttl and priority may be "-" (the default). */
export type DnsInput = Omit<ZoneRecord, "entityID" | "ttl" | "priority"> & { ttl?: number | "-"; priority?: number | "-" };

/** "@", relative or full name -> full host name inside the zone. */
export function fullName(zone: string, name: string): string {
  const n = cleanHost(name);
  if (n === "@" || n === "") return zone;
  if (n === zone || n.endsWith(`.${zone}`)) return n;
  // An IDN zone is keyed by its Unicode name while names arrive with punycode labels: a full name
  // written in punycode is the same zone, not a relative name to append the zone to.
  const zoneAscii = asciiOrSelf(zone);
  const nAscii = asciiOrSelf(n);
  if (nAscii === zoneAscii) return zone;
  if (nAscii.endsWith(`.${zoneAscii}`)) return `${nAscii.slice(0, -zoneAscii.length - 1)}.${zone}`;
  return `${n}.${zone}`;
}

const dash = (v: number | undefined) => (v === undefined ? "-" : String(v));

/** dnslist item: every member a string; ttl/priority "-" when default (facts.md). */
export function dnsItem(r: ZoneRecord) {
  return { entityID: r.entityID, name: r.name, type: r.type, ttl: dash(r.ttl), priority: dash(r.priority), value: r.value };
}

/** Checks one record against the others of the zone; throws 4004 on a clash. */
function checkClash(zone: ZoneRecord[], r: ZoneRecord): void {
  for (const o of zone) {
    if (o.entityID === r.entityID || o.name !== r.name) continue;
    if (o.type === r.type && o.value === r.value) {
      throw fault(ErrorCode.ENTITY_CREATE_ERROR, `DNS record ${r.name} ${r.type} "${r.value}" already exists (${o.entityID}): update or delete that one`);
    }
    if ((o.type === "CNAME") !== (r.type === "CNAME")) {
      throw fault(ErrorCode.ENTITY_CREATE_ERROR, `${r.name} cannot hold a CNAME together with other records (${o.type} ${o.entityID} exists)`);
    }
  }
}

/** A new record for the zone (not yet added): value checked by type (105), clashes refused (4004). */
export function makeRecord(world: World, svc: ServiceRecord, zone: ZoneRecord[], input: DnsInput): ZoneRecord {
  const problem = dnsValueProblem(input.type, input.value);
  if (problem) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: value: ${problem}`);
  const r: ZoneRecord = {
    entityID: newEntityId(world, svc),
    name: fullName(svc.name, input.name),
    type: input.type,
    value: normaliseDnsValue(input.type, input.value),
  };
  if (typeof input.ttl === "number") r.ttl = input.ttl;
  if (takesPriority(input.type) && typeof input.priority === "number") r.priority = input.priority;
  checkClash(zone, r);
  return r;
}

/** dnsupdate: value, ttl, priority only (facts.md: another name or type is delete + create). */
export function updateRecord(svc: ServiceRecord, r: ZoneRecord, input: Pick<DnsInput, "value" | "ttl" | "priority">): void {
  const problem = dnsValueProblem(r.type, input.value);
  if (problem) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: value: ${problem}`);
  const next: ZoneRecord = { ...r, value: normaliseDnsValue(r.type, input.value) };
  if (input.ttl !== undefined) next.ttl = input.ttl === "-" ? undefined : input.ttl;
  if (input.priority !== undefined && takesPriority(r.type)) next.priority = input.priority === "-" ? undefined : input.priority;
  checkClash(svc.dns, next);
  Object.assign(r, next);
  if (r.ttl === undefined) delete r.ttl;
  if (r.priority === undefined) delete r.priority;
}

/**
 * Records of a new service and of dnsrestore: A for the apex, www and mail (the MX target) pointing
 * at the emulator's hosting address (TEST-NET-1), MX to mail.<zone>, an SPF TXT and NS records for
 * the emulator's nameservers.
 */
export function defaultRecords(world: World, svc: ServiceRecord): ZoneRecord[] {
  const zone: ZoneRecord[] = [];
  const defaults: DnsInput[] = [
    { name: "@", type: "A", value: EMULATOR_HOSTING_IP },
    { name: "www", type: "A", value: EMULATOR_HOSTING_IP },
    { name: "mail", type: "A", value: EMULATOR_HOSTING_IP },
    { name: "@", type: "MX", value: `mail.${svc.name}` },
    { name: "@", type: "TXT", value: "v=spf1 a mx ~all" },
    ...EMULATOR_NAMESERVERS.map((ns): DnsInput => ({ name: "@", type: "NS", value: ns })),
  ];
  for (const d of defaults) zone.push(makeRecord(world, svc, zone, d));
  return zone;
}

/** dnssetzone: every entry checked with the same rules as dnscreate; the zone is replaced only if all pass. */
export function zoneFromData(world: World, svc: ServiceRecord, entries: unknown[]): ZoneRecord[] {
  const zone: ZoneRecord[] = [];
  entries.forEach((e, i) => {
    const where = `dnsZoneData[${i}]`;
    if (typeof e !== "object" || e === null || Array.isArray(e))
      throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: ${where} must be an object {name, type, ttl, priority, value}`);
    const o = e as Record<string, unknown>;
    const type = DNS_TYPES.find(
      (t) =>
        t ===
        String(o.type ?? "")
          .trim()
          .toUpperCase(),
    );
    if (!type) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: ${where}.type must be one of ${DNS_TYPES.join(", ")}`);
    const name = dnsName().safeParse(o.name);
    if (!name.success) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: ${where}.name must be a host name, "@" or *.name`);
    if (typeof o.value !== "string" && typeof o.value !== "number") throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: ${where}.value is required`);
    zone.push(
      makeRecord(world, svc, zone, {
        name: name.data,
        type,
        value: String(o.value),
        ttl: num(o.ttl, `${where}.ttl`, TTL.min, TTL.max),
        priority: num(o.priority, `${where}.priority`, PRIORITY.min, PRIORITY.max),
      }),
    );
  });
  return zone;
}

function num(v: unknown, where: string, min: number, max: number): number | "-" | undefined {
  const n = dashOrNumber(v, { min, max });
  if (Number.isNaN(n)) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: ${where} must be "-" or an integer from ${min} to ${max}`);
  return n;
}
