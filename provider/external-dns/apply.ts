/**
 * The webhook's reads and writes, through DnsZone's tested logic: each zone's live records listed
 * afresh, external-dns's change set planned by DnsZone's planner (mapping.ts planZone: purge off,
 * the records external-dns deletes or replaces as the ones it may touch, every other record kept),
 * checked by DnsZone's safety rules (planProblems: the apex NS set, a CNAME beside other records)
 * and applied by DnsZone's per-record calls (applyRecords: deletes first, a delete and a create of
 * one name and type made one dnsupdate, an ambiguous create settled by listing again). Every zone
 * the change set touches is locked (provider/dns/zone-lock.ts) from its read to its last write, and
 * every zone is planned and checked before the first write: a refused change set writes nothing.
 */
import { type ListedRecord, type NormalRecord, normalizeZone, recordFromApi } from "../../sdk/rules";
import type { Api } from "../core/client";
import { type DnsChange, dnsPlanLine } from "../dns/dns-plan";
import { withZoneLock } from "../dns/zone-lock";
import { applyRecords } from "../resources/dns-zone/definition";
import { planChanges, planProblems, planZone, writesOf, type ZonePlan, type ZoneRecord } from "../resources/dns-zone/mapping";
import { freshEntities } from "../service-entities/service-entities";
import { type Changes, Dropped, type Endpoint, endpointsOf, recordsOf, zoneOfName } from "./endpoints";

/** A change set the webhook refuses whole, before any write (a 4xx: external-dns must not retry it as is). */
export class ChangeRefused extends Error {}

export interface ApplyOptions {
  /** Plan and log, write nothing (DONDOMINIO_DRY_RUN). */
  dryRun: boolean;
  /** Most API writes one change set may make (DONDOMINIO_MAX_WRITES): more is refused whole. */
  maxWrites: number;
  log: (line: string) => void;
}

export interface ApplyResult {
  /** API writes made (0 in dry-run). */
  writes: number;
  /** Writes the plan holds (made, or in dry-run only logged). */
  planned: number;
  zones: string[];
  /** Endpoints left out, each with the reason logged. */
  dropped: number;
}

/** The live records of a zone, normalised (service/dnslist afresh: other writers' changes are seen). */
export async function liveRecords(api: Api, zone: string): Promise<ListedRecord[]> {
  return (await freshEntities(api, "dns", zone)).map((item) => recordFromApi(zone, item));
}

/** Every endpoint of the zones (GET /records): one dnslist traversal per zone, page by page. */
export async function listEndpoints(api: Api, zones: readonly string[]): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const zone of zones) out.push(...endpointsOf(await liveRecords(api, zone)));
  return out;
}

interface ZoneWork {
  desired: ZoneRecord[];
  owned: ZoneRecord[];
}

const zoneRecord = ({ serviceName: _zone, ...r }: NormalRecord): ZoneRecord => r;

/** Runs `fn` holding the exclusive lock of every zone, taken in name order (no two holders wait on each other). */
function withZoneLocks<T>(zones: readonly string[], fn: () => Promise<T>): Promise<T> {
  const [first, ...rest] = zones;
  return first === undefined ? fn() : withZoneLock(first, () => withZoneLocks(rest, fn));
}

/** Sorts a change set's endpoints by zone; what no zone holds or the API cannot store is logged and left out. */
function byZone(zones: readonly string[], changes: Changes, log: (line: string) => void): { work: Map<string, ZoneWork>; dropped: number } {
  const work = new Map<string, ZoneWork>();
  let dropped = 0;
  const add = (side: keyof ZoneWork, what: string, eps: Endpoint[] | null | undefined) => {
    for (const ep of eps ?? []) {
      try {
        if (!ep || typeof ep.dnsName !== "string") throw new Dropped("no dnsName");
        const zone = zoneOfName(zones, ep.dnsName);
        if (!zone)
          throw new Dropped(
            `no zone of this account holds it (an apex record's TXT registry name, such as a-example.com, sits beside the zone: use --txt-prefix=extdns-%{record_type}.)`,
          );
        const w = work.get(zone) ?? { desired: [], owned: [] };
        work.set(zone, w);
        w[side].push(...recordsOf(zone, ep).map(zoneRecord));
      } catch (e) {
        if (!(e instanceof Dropped)) throw e;
        dropped++;
        log(`${what} ${ep?.recordType ?? "?"} ${ep?.dnsName ?? "?"}: left out: ${e.message}`);
      }
    }
  };
  add("desired", "create", changes.create);
  add("desired", "update", changes.updateNew);
  add("owned", "delete", changes.delete);
  add("owned", "update", changes.updateOld);
  return { work, dropped };
}

/**
 * Applies external-dns's change set (POST /records). `zones`: the account's zones the webhook
 * serves. Throws ChangeRefused (nothing written) when a zone's plan breaks a safety rule or the
 * writes exceed the budget.
 */
export async function applyChanges(api: Api, zones: readonly string[], changes: Changes, opts: ApplyOptions): Promise<ApplyResult> {
  const { work, dropped } = byZone(zones, changes, opts.log);
  const names = [...work.keys()].sort();
  return withZoneLocks(names, async () => {
    const plans: [string, ZonePlan][] = [];
    for (const zone of names) {
      const w = work.get(zone) as ZoneWork;
      // A record both deleted and created in one change set (an update's unchanged target) is kept.
      const plan = planZone({ zone: normalizeZone(zone), desired: w.desired, live: await liveRecords(api, zone), ignore: [], purge: false, owned: w.owned });
      const problems = planProblems(normalizeZone(zone), plan, { maxChangeRatio: 1, allowApexNsChanges: false, checkRatio: false });
      // DnsZone's reasons end with the Pulumi setting that allows the change; the webhook has none (the apex NS set is the delegation: the control panel's).
      const reasons = problems.map(([, reason]) => reason.replace(/; set allowApexNsChanges: true to allow it$/, "; the webhook never changes them"));
      if (problems.length) throw new ChangeRefused(`zone ${zone}: ${reasons.join("; ")}; nothing was written`);
      plans.push([zone, plan]);
    }
    const planned = plans.reduce((n, [, p]) => n + writesOf(p), 0);
    if (planned > opts.maxWrites)
      throw new ChangeRefused(
        `the change set needs ${planned} API writes, more than DONDOMINIO_MAX_WRITES (${opts.maxWrites}); nothing was written: raise it for this change, or check the sources`,
      );
    const prefix = opts.dryRun ? "dry run (nothing written): " : "";
    for (const [zone, p] of plans) for (const c of planChanges(zone, p) as DnsChange[]) opts.log(`${prefix}${dnsPlanLine(c)}`);
    let writes = 0;
    if (!opts.dryRun) {
      for (const [zone, p] of plans) {
        if (writesOf(p) === 0) continue;
        await applyRecords(api, zone, p);
        writes += writesOf(p);
      }
    }
    return { writes, planned, zones: names, dropped };
  });
}
