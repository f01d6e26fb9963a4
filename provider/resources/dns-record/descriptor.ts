/** DnsRecord: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { isDnsType, type NormalRecord, recordFromApi, relativeName } from "../../../sdk/rules";
import { discoverFamily } from "../../service-entities/service-entities";
import { dnsRecordDefinition } from "./definition";
import { adoptDnsRecord, dnsRecordExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { dnsRecordOutputs } from "./schema";

export const dnsRecordDescriptor: ResourceDescriptor = {
  type: "DnsRecord",
  folder: "dns-record",
  description:
    "One record of a hosted DNS zone (service/dnscreate). value, ttl and priority change in place; serviceName, name and type replace; destroy deletes it (service/dnsdelete). The id is `<serviceName>/<entityID>`. The same record in two DnsRecords, or a name and type a DnsZone manages too, is refused at preview (provider/dns/dns-claims.ts).",
  definition: dnsRecordDefinition,
  outputs: dnsRecordOutputs,
  idFormat: "`<serviceName>/<entityID>`",
  imports: {
    importable: true,
    // The records of a type DnsRecord does not take are left out (the export notes them).
    entry: (r) => {
      if (!isDnsType(r.type)) return undefined;
      const relative = relativeName(r.serviceName, r.name);
      return { id: `${r.serviceName}/${r.entityID}`, name: [r.serviceName, relative === "@" ? "" : relative, r.type] };
    },
  },
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
  docs: inputDocs,
  outputDocs,
};
