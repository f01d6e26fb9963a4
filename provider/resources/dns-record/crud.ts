/**
 * The module Pulumi serializes for DnsRecord, as
 * `require("pulumi-dondominio/dist/provider/resources/dns-record/crud.js")`. That path is stored in
 * every DnsRecord's state: it must never move. Exports only the dynamic provider functions.
 */
import { type DnsChange, plannedRecord, reportDnsPlan } from "../../dns/dns-plan";
import { defineProvider } from "../../core/frame";
import { dnsRecordDefinition } from "./definition";
import { recordDiff } from "../../../sdk/rules";

const p = defineProvider(dnsRecordDefinition);
export const configure = p.configure;
export const create = p.create;
export const read = p.read;
export const update = p.update;

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

export const check: typeof p.check = async (olds, news) => {
  const checked = await p.check(olds, news);
  if (!checked.failures?.length && olds?.serviceName === undefined) {
    const record = plannedRecord(checked.inputs);
    if (record) reportDnsPlan(KEY, [{ op: "create", record }]);
  }
  return checked;
};

/** The lines of a diff: a replacement deletes and creates, an in-place change modifies. */
function planOf(olds: Record<string, unknown>, news: Record<string, unknown>, replace: boolean): DnsChange[] {
  const from = plannedRecord(olds);
  const to = plannedRecord(news);
  if (replace) return [...(from ? [{ op: "delete" as const, record: from }] : []), ...(to ? [{ op: "create" as const, record: to }] : [])];
  return from && to && recordDiff(from, to).length ? [{ op: "modify", from, to }] : [];
}

const remove: typeof p.delete = async (id, props) => {
  const record = plannedRecord(props);
  if (record) reportDnsPlan(KEY, [{ op: "delete", record }]);
  return p.delete(id, props);
};
export { remove as delete };

/**
 * The frame's diff, plus delete-before-replace when a CNAME is involved in a retype: the API refuses
 * a CNAME beside any other record at its name (RFC 1034; emulator error 4004), so the old record
 * must go before the new one is created. Other replacements keep create-before-delete.
 */
export const diff: typeof p.diff = async (id, olds, news) => {
  const d = await p.diff(id, olds, news);
  if (d.changes) reportDnsPlan(KEY, planOf(olds, news, d.replaces.length > 0));
  if (d.replaces.length && (olds.type === "CNAME" || news.type === "CNAME") && olds.name === news.name) return { ...d, deleteBeforeReplace: true };
  return d;
};
