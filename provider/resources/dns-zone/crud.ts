/**
 * The module Pulumi serializes for DnsZone, as
 * `require("pulumi-dondominio/dist/provider/resources/dns-zone/crud.js")`. That path is stored in
 * every DnsZone's state: it must never move. Exports only the dynamic provider functions.
 */
import { defineProvider, UNKNOWN } from "../../core/frame";
import { dnsZoneDefinition, liveChanges } from "./definition";
import type { DnsZoneInputs, DnsZoneState } from "./schema";

const p = defineProvider(dnsZoneDefinition);
export const configure = p.configure;
export const check = p.check;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

/**
 * The frame's diff (inputs against the recorded state), plus the live zone: a plan with writes (a
 * managed record changed or deleted outside, an extra record under purge) is a change even when the
 * inputs are as recorded. Unknown inputs (preview) are left to the frame.
 */
export const diff: typeof p.diff = async (id, olds, news) => {
  const d = await p.diff(id, olds, news);
  if (d.replaces.length) return d;
  const parsed = dnsZoneInputsOf(news);
  if (!parsed) return d;
  const live = await liveChanges(olds as DnsZoneState, parsed);
  return live ? { ...d, changes: true } : d;
};

/** The normalised inputs check recorded, or undefined while some are unknown (preview). */
function dnsZoneInputsOf(news: Record<string, unknown>): DnsZoneInputs | undefined {
  if (!Array.isArray(news.records) || typeof news.serviceName !== "string" || JSON.stringify(news).includes(UNKNOWN)) return undefined;
  return news as unknown as DnsZoneInputs;
}
