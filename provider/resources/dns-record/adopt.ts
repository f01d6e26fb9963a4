/**
 * DnsRecord in an exported program (core/descriptor.ts `adopt`): `adopt: true` with the record as
 * the API listed it, its name relative to the zone. A type DnsRecord does not take is a comment.
 */
import { DNS_TYPES, isDnsType, type ListedRecord, relativeName } from "../../../sdk/rules";
import { type Adoption, type ExportPlace, text } from "../../core/adoption";

/** The inputs that adopt a listed record (DnsZone's records are these without serviceName and adopt). */
export function adoptedRecordArgs(r: ListedRecord): Record<string, unknown> {
  const name = relativeName(r.serviceName, r.name);
  return { serviceName: r.serviceName, name, type: r.type, value: r.value, ttl: r.ttl, priority: r.priority, adopt: true };
}

export function adoptDnsRecord(r: ListedRecord): Adoption {
  const rel = relativeName(r.serviceName, r.name);
  const name = { parts: [r.serviceName, rel === "@" ? "" : rel, r.type], identity: `${r.name} ${r.type} ${r.value}` };
  if (!isDnsType(r.type))
    return {
      name,
      lines: [text`DNS record not declared: ${r.name} ${r.type} ${JSON.stringify(r.value)} (DnsRecord takes ${DNS_TYPES.join(", ")})`],
      skipped: [{ what: `DNS record ${r.name} ${r.type} in ${r.serviceName}`, why: "a type DnsRecord does not take" }],
    };
  return { name, args: adoptedRecordArgs(r), refs: { serviceName: { type: "HostingService", identity: r.serviceName } } };
}

/** By name, type and value. */
export const byRecord = (a: ListedRecord, b: ListedRecord) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.value.localeCompare(b.value);

export const dnsRecordExportPlace: ExportPlace = {
  heading: { id: "dns", lines: (svc, count) => [text`DNS zone ${svc?.name}: ${count} records`] },
  order: (a, b) => byRecord(a as ListedRecord, b as ListedRecord),
};
