/** DnsRecord: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { type NormalRecord, recordFromApi } from "../../../sdk/rules";
import { discoverFamily } from "../../service-entities/service-entities";
import { dnsRecordDefinition } from "./definition";
import { adoptDnsRecord, dnsRecordExportPlace } from "./adopt";

export const dnsRecordDescriptor: ResourceDescriptor = {
  type: "DnsRecord",
  folder: "dns-record",
  description:
    "One record of a hosted DNS zone (service/dnscreate). value, ttl and priority change in place; serviceName, name and type replace; destroy deletes it (service/dnsdelete). The id is `<serviceName>/<entityID>`. The same record in two DnsRecords, or a name and type a DnsZone manages too, is refused at preview (provider/dns/dns-claims.ts).",
  definition: dnsRecordDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).DnsRecord;
  },
  idFormat: "`<serviceName>/<entityID>`",
  lifecycle: {
    inPlace: "value, ttl, priority",
    replaces: "serviceName, name, type",
    destroy: "deletes the record (`service/dnsdelete`)",
  },
  discover: discoverFamily(
    "dns",
    "dns",
    (n) => `${n} DNS records`,
    (r, name) => recordFromApi(name, r),
  ),
  recordsOf: (outs) => [outs as NormalRecord],
  adopt: adoptDnsRecord,
  exportPlace: dnsRecordExportPlace,
  docs: {
    serviceName: 'The zone: the name of the hosting or redirect service that holds it, e.g. "example.com".',
    name: '"@" for the apex, a name relative to the zone ("www", "*.dev") or a full one ("www.example.com.").',
    type: "A, AAAA, CNAME, MX, SRV, TXT, NS or CAA.",
    value: 'IPv4 (A), IPv6 (AAAA), host name (CNAME, MX, NS), "weight port target" (SRV), text (TXT), `flag tag "value"` (CAA).',
    ttl: 'Seconds (60 to 604800); absent or "-" = the zone\'s default.',
    priority: 'MX and SRV only (0 to 65535, default 10; "-" = the default).',
    adopt: "Take over an identical record (same name, type and value) that already exists instead of failing.",
  },
  outputDocs: {
    entityId: "The API's entityID (SRV<digits>-<digits>).",
    relativeName: 'The name relative to the zone: "@", "www", "*.dev".',
  },
};
