/**
 * What DNS records mean among the others of their zone (sdk/rules dns-meaning.ts), judged at check
 * on the zone as the run will leave it: the live zone (service/dnslist, a free cached read) with the
 * program's records this process has checked (money/preview-program.ts), or a DnsZone's whole zone.
 * Used by DnsRecord and DnsZone (their facts: the errors; their warnings: the rest). Without
 * credentials only the program's records are seen.
 */
import {
  type ApiDnsItem,
  asciiHost,
  type MeaningFinding,
  type MeaningRecord,
  type NormalRecord,
  recordFromApi,
  recordMeaning,
  targetOf,
  zoneMeaning,
} from "../../sdk/rules";
import { type PreviewFacts, previewFacts } from "../money/preview-facts";
import { declaredZones, zoneAfter, zoneDeclaredWhole } from "../money/preview-program";

/** Findings of records, each at the input it came from. */
export interface Verdict {
  errors: [property: string, reason: string][];
  warnings: [property: string, reason: string][];
}

const asMeaning = (r: { name: string; type: string; value: string }): MeaningRecord => ({ name: r.name, type: r.type, value: r.value });
const under = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);

/** The live zones this judgement read, by ASCII zone (undefined: no such service, or not read). */
class LiveZones {
  readonly #facts: PreviewFacts | undefined;
  readonly #zones = new Map<string, MeaningRecord[] | undefined>();
  #services: Set<string> | undefined;
  readonly read: string[] = [];
  constructor(facts: PreviewFacts | undefined) {
    this.#facts = facts;
  }
  get(zone: string): MeaningRecord[] | undefined {
    return this.#zones.get(zone);
  }
  /** Reads a zone of the account (free, cached per process); a failed read leaves it unknown. */
  async load(zone: string): Promise<void> {
    if (this.#zones.has(zone) || !this.#facts) return;
    this.#zones.set(zone, undefined);
    try {
      this.#services ??= await this.#facts.serviceNames();
      if (!this.#services.has(zone)) return;
      const live = await this.#facts.dnsRecords(zone);
      if (!live) return;
      this.#zones.set(
        zone,
        live.map((i) => asMeaning(recordFromApi(zone, i as ApiDnsItem))),
      );
      this.read.push(zone);
    } catch {
      // The read failed: the rules judge what they know.
    }
  }
  /** The account's zone a name falls in, loaded: the longest suffix that is a service of the account. */
  async zoneFor(name: string): Promise<string | undefined> {
    if (!this.#facts) return undefined;
    try {
      this.#services ??= await this.#facts.serviceNames();
    } catch {
      return undefined;
    }
    const labels = name.split(".");
    for (let i = 0; i < labels.length - 1; i++) {
      const z = labels.slice(i).join(".");
      if (this.#services.has(z)) {
        await this.load(z);
        return z;
      }
    }
    return undefined;
  }
}

/** A view of every zone known: the program's, and the account's live ones read for this judgement. */
function viewOf(zone: string, live: LiveZones, extra: readonly MeaningRecord[]) {
  const after = (z: string) => {
    const records = zoneAfter(z, zoneDeclaredWhole(z) ? undefined : live.get(z));
    return z === zone ? [...records.filter((r) => !extra.some((e) => e.name === r.name && e.type === r.type && e.value === r.value)), ...extra] : records;
  };
  const zones = () => [...new Set([zone, ...declaredZones(), ...live.read])];
  return {
    records: after(zone),
    cnameAt(name: string): string | undefined {
      for (const z of zones()) {
        if (!under(name, z)) continue;
        const hit = after(z).find((r) => r.name === name && r.type === "CNAME");
        if (hit) return hit.value;
      }
      return undefined;
    },
  };
}

/**
 * The findings of `focus` (normalised records of one zone, each with the input path its findings
 * are reported at) among the zone after the run. `read`: whether to read the live zones (false for
 * an unchanged resource: it costs no read, and the rules judge only what changes). `whole`: the
 * focus is a whole zone (a DnsZone whose plan was read), so empty names can be judged.
 */
export async function judgeRecords(
  serviceName: string,
  focus: readonly { record: NormalRecord; path: string }[],
  read: boolean,
  whole = false,
): Promise<Verdict> {
  const zone = asciiHost(serviceName) ?? serviceName;
  const facts = read ? previewFacts() : undefined;
  const live = new LiveZones(facts);
  await live.load(zone);
  // The zones the targets fall in, and the chains of CNAMEs from them (loops across zones), read.
  let frontier = focus.map((f) => targetOf(f.record) ?? "");
  for (let hop = 0; hop < 8 && frontier.length; hop++) {
    const next: string[] = [];
    for (const name of frontier) {
      if (!name || name === ".") continue;
      await live.zoneFor(name);
      const v = viewOf(zone, live, []);
      const alias = v.cnameAt(name);
      if (alias) next.push(alias);
    }
    frontier = next;
  }
  const extra = focus.map((f) => asMeaning(f.record));
  const v = viewOf(zone, live, extra);
  const where = live.get(zone) ? `the live zone (service/dnslist of ${serviceName}) with this program's records` : "this program's records";
  const out: Verdict = { errors: [], warnings: [] };
  const seen = new Set<string>();
  const add = (path: string, f: MeaningFinding) => {
    const key = `${path}\t${f.rule}`;
    if (seen.has(key)) return;
    seen.add(key);
    (f.severity === "error" ? out.errors : out.warnings).push([`${path}${path ? "." : ""}${f.field}`, f.rule]);
  };
  for (const [i, f] of focus.entries()) {
    const r = extra[i];
    // The record's own errors are the schema's (normalizeDesiredRecord); its warnings are here.
    for (const x of recordMeaning(zone, r)) if (x.severity === "warning") add(f.path, x);
    for (const x of zoneMeaning(r, { zone, records: v.records, cnameAt: v.cnameAt, where, whole })) add(f.path, x);
  }
  return out;
}
