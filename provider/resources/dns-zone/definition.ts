/**
 * DnsZone: the records of one hosting service's zone as one resource (id = the serviceName). The
 * change set comes from the live zone (service/dnslist, free, through the list cache) and the
 * declared records (mapping.ts planZone), at preview (check, diff) and again at apply under the
 * zone's lock (provider/dns/zone-lock.ts). Apply makes per-record calls, or one service/dnssetzone
 * when cheaper (mapping.ts useSetZone) and the zone has not changed since the plan's read; README.md
 * says what that guarantees.
 */
import { type ListedRecord, normalizeZone, recordFromApi } from "../../../sdk/rules";
import { debugEnabled } from "../../../sdk/core/log";
import { getApi, type Api } from "../../core/client";
import { isGone } from "../../core/errors";
import { PartialResultError, type Ctx, type ResourceDefinition, UNKNOWN } from "../../core/frame";
import { info, warn } from "../../core/log";
import { createEntity, deleteEntity, freshEntities, listEntities, serviceScope, updateEntity } from "../../service-entities/service-entities";
import { withZoneLock } from "../../dns/zone-lock";
import { createParams, findIdentical, updateParams } from "../dns-record/mapping";
import {
  finalZone,
  managedView,
  planChanges,
  planProblems,
  planZone,
  recordKey,
  relative,
  setZonePayload,
  useSetZone,
  verifyZone,
  writesOf,
  type ZonePlan,
  type ZoneRecord,
} from "./mapping";
import { reportDnsPlan } from "../../dns/dns-plan";
import { DNS_ZONE_REPLACE_ON, type DnsZoneInputs, type DnsZoneState, dnsZoneInputs } from "./schema";

const ascii = (serviceName: string) => normalizeZone(serviceName);
const key = (serviceName: string) => `DnsZone ${serviceName}`;

/** The live zone normalised, or undefined when the service (and so its zone) does not exist. */
async function liveZone(api: Api, serviceName: string, fresh: boolean): Promise<ListedRecord[] | undefined> {
  try {
    const items = await (fresh ? freshEntities(api, "dns", serviceName) : listEntities(api, "dns", serviceName));
    return items.map((item) => recordFromApi(serviceName, item));
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

/**
 * The live zone as the last plan of this process read it (check, diff), per zone: apply compares
 * its own re-read with it to see whether another writer changed the zone since.
 */
const planReads = new Map<string, Set<string>>();
const fullKeys = (live: readonly ListedRecord[]) => new Set(live.map((l) => `${recordKey(l)}\t${l.ttl ?? "-"}\t${l.priority ?? "-"}`));

function plan(
  inputs: DnsZoneInputs,
  live: readonly ListedRecord[],
  owned: readonly ZoneRecord[] | undefined,
  protect?: (r: ListedRecord) => boolean,
): ZonePlan {
  return planZone({ zone: ascii(inputs.serviceName), desired: inputs.records, live, ignore: inputs.ignore, purge: inputs.purge, owned, protect });
}

const problemsOf = (inputs: DnsZoneInputs, p: ZonePlan) =>
  planProblems(ascii(inputs.serviceName), p, { maxChangeRatio: inputs.maxChangeRatio, allowApexNsChanges: inputs.allowApexNsChanges });

/** The plan at preview: read (cached), remembered for apply, printed as plan lines. Undefined when the zone cannot be read. */
async function previewPlan(inputs: DnsZoneInputs, owned: readonly ZoneRecord[] | undefined): Promise<ZonePlan | undefined> {
  let api: Api;
  try {
    api = getApi();
  } catch {
    return undefined; // no credentials: the plan is made at apply
  }
  try {
    const live = await liveZone(api, inputs.serviceName, false);
    if (!live) return undefined; // the service is created in this run: its zone is read at apply
    planReads.set(inputs.serviceName, fullKeys(live));
    const p = plan(inputs, live, owned);
    reportDnsPlan(key(inputs.serviceName), planChanges(inputs.serviceName, p));
    return p;
  } catch (err) {
    if (debugEnabled()) console.error(`[dondominio] DnsZone ${inputs.serviceName}: the zone could not be read at preview: ${(err as Error)?.message ?? err}`);
    return undefined;
  }
}

const ownedOf = (v: unknown): ZoneRecord[] | undefined => (Array.isArray(v) ? (v as ZoneRecord[]) : undefined);

/**
 * Whether the live zone differs from the declaration (diff): another writer's change to a managed
 * record, or an extra record under purge, makes the next up repair it. Undefined when the zone
 * could not be read (the frame's verdict stands).
 */
async function liveChanges(olds: DnsZoneState, news: DnsZoneInputs): Promise<boolean | undefined> {
  const p = await previewPlan(news, ownedOf(olds.records));
  return p === undefined ? undefined : writesOf(p) > 0;
}

/**
 * Per-record calls, deletes first (a CNAME replacing another type, or the other way, needs its name
 * free: 4004). Also the external-dns webhook's writes (provider/external-dns/apply.ts).
 */
export async function applyRecords(api: Api, serviceName: string, p: ZonePlan): Promise<void> {
  const zone = ascii(serviceName);
  for (const r of p.deletes) await deleteEntity(api, "dns", serviceName, r.entityID);
  for (const m of p.modifies) await updateEntity(api, "dns", serviceName, updateParams(m.from.entityID, { serviceName, ...m.to }));
  for (const r of p.creates) {
    const rec = { serviceName, ...r };
    await createEntity(api, {
      family: "dns",
      serviceName,
      params: createParams(rec),
      find: (items) => findIdentical(items, rec),
      what: `record ${relative(zone, r.name)} ${r.type}`,
    });
  }
}

/**
 * One service/dnssetzone with the whole final zone: every live record that stays (ignored, not
 * managed, the apex NS set) and every declared record; then a read-back that finds every record
 * sent (records written since are kept and named).
 */
async function applySetZone(api: Api, serviceName: string, inputs: DnsZoneInputs, p: ZonePlan): Promise<void> {
  const sent = finalZone(p, inputs.records);
  const dnsZoneData = Buffer.from(JSON.stringify(setZonePayload(serviceName, sent)), "utf8").toString("base64");
  try {
    await api.call("service/dnssetzone", { serviceName, dnsZoneData });
  } finally {
    api.cache.invalidate(serviceScope(serviceName));
  }
  const after = (await liveZone(api, serviceName, true)) ?? [];
  const { missing, newer } = verifyZone(sent, after);
  if (missing.length) {
    const zone = ascii(serviceName);
    const some = missing.slice(0, 5).map((r) => `${relative(zone, r.name)} ${r.type} ${JSON.stringify(r.value)}`);
    throw new Error(
      `service/dnssetzone did not leave the zone as sent: ${missing.length} record(s) missing on the read-back (${some.join(", ")}${missing.length > 5 ? ", ..." : ""}); run \`pulumi refresh\` and \`pulumi up\``,
    );
  }
  if (newer.length) info(`DnsZone ${serviceName}: ${newer.length} record(s) written by another client since the zone was replaced were kept`);
}

/**
 * Takes the zone from its live state to the inputs, under the zone's lock: a fresh read, the plan
 * (refused before any write when it breaks a safety rule), then the calls. `owned`: what this
 * resource declared before (purge false); `destroy`: the plan is the deletion of the owned records.
 */
async function apply(ctx: Ctx, inputs: DnsZoneInputs, owned: readonly ZoneRecord[] | undefined, destroy = false): Promise<ZoneRecord[]> {
  const serviceName = inputs.serviceName;
  return withZoneLock(serviceName, async () => {
    const live = await liveZone(ctx.api, serviceName, true);
    if (!live) {
      if (destroy) return [];
      throw new Error(`the zone ${serviceName} does not exist: a DNS zone exists only while a hosting or redirect service of that name does (facts.md)`);
    }
    // Records that appeared since the plan's read were not in the plan the user saw: left alone.
    const seen = planReads.get(serviceName);
    planReads.delete(serviceName);
    const now = fullKeys(live);
    const changedSince = seen !== undefined && (seen.size !== now.size || [...now].some((k) => !seen.has(k)));
    const seenIds = seen && new Set([...seen].map((k) => k.split("\t").slice(0, 3).join("\t")));
    const protect = changedSince ? (l: ListedRecord) => !seenIds?.has(recordKey(l)) : undefined;
    const p = plan(inputs, live, owned, protect);
    if (!destroy) {
      const problems = problemsOf(inputs, p);
      if (problems.length) throw new Error(problems.map(([prop, reason]) => `${prop}: ${reason}`).join("; "));
    }
    if (writesOf(p) === 0) return inputs.records;
    reportDnsPlan(key(serviceName), planChanges(serviceName, p));
    try {
      if (changedSince) {
        warn(`DnsZone ${serviceName}: the zone changed since the plan's read (another writer); applying record by record, leaving records added since alone`);
        await applyRecords(ctx.api, serviceName, p);
      } else if (useSetZone(p, inputs.bulk)) {
        info(`DnsZone ${serviceName}: ${writesOf(p)} changes in one service/dnssetzone (${p.kept.length} live record(s) kept as they are)`);
        await applySetZone(ctx.api, serviceName, inputs, p);
      } else await applyRecords(ctx.api, serviceName, p);
    } catch (err) {
      // What was done stays done: the state is the zone as it now is (the next up finishes).
      const after = await liveZone(ctx.api, serviceName, true).catch(() => undefined);
      if (!after) throw err;
      const recorded = [...inputs.records, ...(owned ?? [])];
      const state: DnsZoneState = { ...inputs, records: managedView(ascii(serviceName), recorded, after, inputs.ignore, inputs.purge) };
      throw new PartialResultError(`${(err as Error)?.message ?? err}`, serviceName, state);
    }
    return inputs.records;
  });
}

export const dnsZoneDefinition: ResourceDefinition<DnsZoneInputs, DnsZoneState> = {
  type: "DnsZone",
  inputs: dnsZoneInputs,
  replaceOn: DNS_ZONE_REPLACE_ON,
  label: (r) => r.serviceName ?? "(unnamed)",
  // A name and type that another DnsZone or a DnsRecord also manages is refused at preview.
  dnsClaims: { kind: "DnsZone", of: (i) => ({ serviceName: i.serviceName, records: i.records }) },

  /**
   * The live zone: a plan with writes (a managed record changed or deleted outside, an extra record
   * under purge) is a change of `records` even when the inputs are as recorded. Unknown inputs (preview) are left
   * to the inputs' verdict.
   */
  async diffLive(olds, news) {
    if (!Array.isArray(news.records) || typeof news.serviceName !== "string" || JSON.stringify(news).includes(UNKNOWN)) return undefined;
    return (await liveChanges(olds, news as DnsZoneInputs)) ? ["records"] : [];
  },

  // The live zone's rules (threshold, apex NS, a CNAME beside a kept record) at preview, with the plan lines.
  async checkFacts(olds, news) {
    const p = await previewPlan(news, ownedOf(olds?.records));
    return p ? problemsOf(news, p) : [];
  },

  async create(ctx, inputs) {
    const records = await apply(ctx, inputs, undefined);
    return { id: inputs.serviceName, outs: { ...inputs, records } };
  },

  async read(ctx, id, state) {
    const live = await liveZone(ctx.api, state.serviceName ?? id, false);
    if (!live) return undefined;
    return { ...state, records: managedView(ascii(state.serviceName ?? id), state.records ?? [], live, state.ignore ?? [], state.purge ?? true) };
  },

  async update(ctx, _id, olds, news) {
    const records = await apply(ctx, news, ownedOf(olds.records));
    return { ...news, records };
  },

  // Only the records this resource manages go; ignored, unmanaged and the apex NS records stay.
  async delete(ctx, id, state) {
    const serviceName = state.serviceName ?? id;
    const inputs: DnsZoneInputs = {
      serviceName,
      records: [],
      ignore: state.ignore ?? [],
      purge: false,
      maxChangeRatio: 1,
      allowApexNsChanges: false,
      bulk: state.bulk ?? "auto",
    };
    await apply(ctx, inputs, state.records ?? [], true);
  },
};
