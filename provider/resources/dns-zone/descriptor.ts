/** DnsZone: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { NormalRecord } from "../../../sdk/rules";
import type { ResourceDescriptor } from "../../core/descriptor";
import { dnsZoneDefinition } from "./definition";
import { dnsZoneAdoptAll } from "./adopt";

export const dnsZoneDescriptor: ResourceDescriptor = {
  type: "DnsZone",
  folder: "dns-zone",
  description:
    "The records of one hosted DNS zone as one resource: created, updated and deleted record by record (service/dnscreate, dnsupdate, dnsdelete) or, for large changes, with one service/dnssetzone that keeps every record the resource does not manage. The id is the serviceName.",
  definition: dnsZoneDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).DnsZone;
  },
  idFormat: "service name",
  lifecycle: {
    inPlace: "records (per-record calls, or one `service/dnssetzone` for large changes), ignore, purge, maxChangeRatio, allowApexNsChanges, bulk",
    replaces: "serviceName",
    destroy: "deletes the records it manages; ignored, unmanaged and apex NS records stay",
  },
  recordsOf: (outs) =>
    Array.isArray(outs.records) ? outs.records.map((r: Omit<NormalRecord, "serviceName">) => ({ ...r, serviceName: outs.serviceName })) : [],
  adoptAll: dnsZoneAdoptAll,
  docs: {
    serviceName: 'The zone: the name of the hosting or redirect service that holds it, e.g. "example.com".',
    records: "Every record the zone should hold (besides ignored and, with purge false, unmanaged ones).",
    ignore: 'Records never changed, deleted or reported as drift (e.g. `{ name: "_acme-challenge*", type: "TXT" }`).',
    purge: "Delete live records that are neither declared nor ignored (default true); false leaves them alone.",
    maxChangeRatio: "Largest share of a zone of 10 records or more that one plan may delete or update (default 0.3).",
    allowApexNsChanges: "Allow creating, updating or deleting the NS records at the apex (default false).",
    bulk: '"auto" (default): service/dnssetzone when cheaper than per-record calls; "never": per-record calls only.',
  },
  outputDocs: {},
};
