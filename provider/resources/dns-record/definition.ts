/** DnsRecord: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { parseEntityResourceId, serviceEntityDefinition } from "../../service-entities/service-entities";
import { withZoneLock } from "../../dns/zone-lock";
import { createParams, findIdentical, needsUpdate, stateFromItem, updateParams } from "./mapping";
import { relativeName } from "../../../sdk/rules";
import { DNS_RECORD_CREATE_ONLY, DNS_RECORD_REPLACE_ON, type DnsRecordInputs, type DnsRecordState, dnsRecordInputs } from "./schema";

function label(r: Partial<DnsRecordInputs>): string {
  if (!r.serviceName || !r.name) return "(unnamed)";
  return `${relativeName(r.serviceName, r.name)} ${r.type ?? ""} in ${r.serviceName}`;
}

const entity: ResourceDefinition<DnsRecordInputs, DnsRecordState> = serviceEntityDefinition({
  type: "DnsRecord",
  family: "dns",
  inputs: dnsRecordInputs,
  replaceOn: DNS_RECORD_REPLACE_ON,
  createOnly: DNS_RECORD_CREATE_ONLY,
  // A record changed outside (e.g. by dondominio-ddns) is recorded as the inputs too, so that
  // `ignoreChanges: ["value"]` keeps the live value after a refresh (examples/dynamic-dns).
  inputsFromRead: ["serviceName", "name", "type", "value", "ttl", "priority"],
  label,

  // An input left out is normally unmanaged; a DNS record's ttl is not: absent means the default.
  diffExtra(olds, news) {
    return news.ttl === undefined && olds.ttl !== undefined ? { changes: ["ttl"] } : undefined;
  },

  createParams,
  updateParams,
  // Records have no name of their own: the one with the same name, type and value (normalised) is it.
  find: findIdentical,
  // A DnsZone's dnssetzone (or the panel's zone editor) renumbers the records it keeps.
  followRenumbering: true,
  what: () => "an identical record",
  toState: stateFromItem,
  needsUpdate: (found, inputs) => needsUpdate(found, inputs),
});

/** Writes hold the zone's lock shared (provider/dns/zone-lock.ts): none falls inside a DnsZone's read-then-dnssetzone. */
export const dnsRecordDefinition: ResourceDefinition<DnsRecordInputs, DnsRecordState> = {
  ...entity,
  create: (ctx, inputs) => withZoneLock(inputs.serviceName, () => entity.create(ctx, inputs), "shared"),
  update: (ctx, id, olds, news, changed) => withZoneLock(news.serviceName, () => entity.update(ctx, id, olds, news, changed), "shared"),
  delete: (ctx, id, state) => withZoneLock(parseEntityResourceId("DnsRecord", id).serviceName, () => entity.delete(ctx, id, state), "shared"),
};
