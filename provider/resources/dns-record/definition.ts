/** DnsRecord: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { parseEntityResourceId, serviceEntityDefinition } from "../../service-entities/service-entities";
import { withZoneLock } from "../../dns/zone-lock";
import { dnsRecordFacts, dnsRecordWarnings } from "./facts";
import { createParams, findIdentical, needsUpdate, stateFromItem, updateParams } from "./mapping";
import { recordDiff, relativeName } from "../../../sdk/rules";
import { type DnsChange, plannedRecord, reportDnsPlan } from "../../dns/dns-plan";
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
  // A CNAME beside other data of the live zone, and what the record means among the zone's others
  // (provider/dns/dns-meaning-facts.ts), refused at preview; the warnings of the latter (facts.ts).
  checkFacts: dnsRecordFacts,
  checkWarnings: dnsRecordWarnings,

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

/**
 * Plan lines (provider/dns/dns-plan.ts). When the engine calls the provider in one run (Pulumi
 * 3.250, pkg/resource/deploy/step_generator.go), preview and up alike:
 * - check(olds, news) for every resource the program registers; olds are empty for a resource the
 *   state does not hold: a new record, "+ CREATE";
 * - diff(id, olds, news) for every resource the state holds (olds: its recorded outputs, the live
 *   record): "± MODIFY" for an in-place change, "- DELETE" and "+ CREATE" for a replacement;
 * - a replacement is checked once more without olds (the same "+ CREATE": printed once), and a
 *   resource that depends on a delete-before-replace one is diffed once more with the depending
 *   inputs unknown (lines are printed once per process, so only a different line shows);
 * - a resource left out of the program gets no call at preview (the engine plans its delete from
 *   the state alone); delete() prints its "- DELETE" line when the apply removes it.
 */
const KEY = "DnsRecord";

/** The lines of a diff: a replacement deletes and creates, an in-place change modifies. */
function planOf(olds: Record<string, unknown>, news: Record<string, unknown>, replace: boolean): DnsChange[] {
  const from = plannedRecord(olds);
  const to = plannedRecord(news);
  if (replace) return [...(from ? [{ op: "delete" as const, record: from }] : []), ...(to ? [{ op: "create" as const, record: to }] : [])];
  return from && to && recordDiff(from, to).length ? [{ op: "modify", from, to }] : [];
}

/** Writes hold the zone's lock shared (provider/dns/zone-lock.ts): none falls inside a DnsZone's read-then-dnssetzone. */
export const dnsRecordDefinition: ResourceDefinition<DnsRecordInputs, DnsRecordState> = {
  ...entity,
  // The same record in two DnsRecords, or a name and type a DnsZone manages too: refused at preview.
  dnsClaims: { kind: "DnsRecord", of: (i) => ({ serviceName: i.serviceName, records: [{ name: i.name, type: i.type, value: i.value }] }) },
  create: (ctx, inputs) => withZoneLock(inputs.serviceName, () => entity.create(ctx, inputs), "shared"),
  update: (ctx, id, olds, news, changed) => withZoneLock(news.serviceName, () => entity.update(ctx, id, olds, news, changed), "shared"),
  delete: (ctx, id, state) => withZoneLock(parseEntityResourceId("DnsRecord", id).serviceName, () => entity.delete(ctx, id, state), "shared"),

  afterCheck(olds, inputs) {
    if (olds?.serviceName !== undefined) return;
    const record = plannedRecord(inputs);
    if (record) reportDnsPlan(KEY, [{ op: "create", record }]);
  },
  /**
   * Delete-before-replace when a CNAME is involved in a retype: the API refuses a CNAME beside any
   * other record at its name (RFC 1034; emulator error 4004), so the old record must go before the
   * new one is created. Other replacements keep create-before-delete.
   */
  afterDiff(olds, news, d) {
    if (d.changes) reportDnsPlan(KEY, planOf(olds, news, d.replaces.length > 0));
    if (d.replaces.length && (olds.type === "CNAME" || news.type === "CNAME") && olds.name === news.name) return { deleteBeforeReplace: true };
    return undefined;
  },
  beforeDelete(props) {
    const record = plannedRecord(props);
    if (record) reportDnsPlan(KEY, [{ op: "delete", record }]);
  },
};
