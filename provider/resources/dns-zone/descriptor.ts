/** DnsZone: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { NormalRecord } from "../../../sdk/rules";
import type { ResourceDescriptor } from "../../core/descriptor";
import { dnsZoneDefinition } from "./definition";
import { dnsZoneAdoptAll } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { dnsZoneOutputs } from "./schema";

export const dnsZoneDescriptor: ResourceDescriptor = {
  type: "DnsZone",
  folder: "dns-zone",
  description:
    "The records of one hosted DNS zone as one resource: created, updated and deleted record by record (service/dnscreate, dnsupdate, dnsdelete) or, for large changes, with one service/dnssetzone that keeps every record the resource does not manage. The id is the serviceName.",
  definition: dnsZoneDefinition,
  outputs: dnsZoneOutputs,
  idFormat: "service name",
  // The zone's service name is the id; the import file lists each record as its own DnsRecord instead.
  imports: { importable: true, stateOf: (id) => ({ serviceName: id }) },
  lifecycle: {
    inPlace: "records (per-record calls, or one `service/dnssetzone` for large changes), ignore, purge, maxChangeRatio, allowApexNsChanges, bulk",
    replaces: "serviceName",
    destroy: "deletes the records it manages; ignored, unmanaged and apex NS records stay",
  },
  recordsOf: (outs) =>
    Array.isArray(outs.records) ? outs.records.map((r: Omit<NormalRecord, "serviceName">) => ({ ...r, serviceName: outs.serviceName })) : [],
  adoptAll: dnsZoneAdoptAll,
  docs: inputDocs,
  outputDocs,
};
