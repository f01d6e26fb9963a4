/**
 * What this provider process has checked of the program so far, for the rules across resources
 * (DNS meaning, rings of mail aliases and redirects, the domain a glue record or a DS belongs to).
 * The engine starts one provider process per run and checks the resources one at a time, in the
 * order the program registers them (Pulumi 3.250, pkg/resource/deploy/step_generator.go), in both
 * doors (the dynamic provider and the plugin). So a rule sees the resources checked before the one
 * it judges; rules that look both ways (a ring, a CNAME an MX points to) find what they look for
 * whichever resource is checked last, and a failed check stops every write of the run
 * (core/run-gate.ts). A resource is recorded again when it is checked again (a replacement): the
 * last inputs win. Nothing here reads the API (preview-facts.ts does) or needs credentials.
 */
import type { MeaningRecord } from "../../sdk/rules";

const recordId = (r: MeaningRecord) => `${r.name}\t${r.type}\t${r.value}`;

interface ZoneState {
  /** Records the program's DnsRecords add, by the resource's key (its normalised record). */
  added: Map<string, MeaningRecord>;
  /** Records the program changes or replaces (a DnsRecord's previous inputs): gone after the run. */
  removed: Set<string>;
  /** The whole zone after the run, when a DnsZone of the program declares it (its plan's final zone). */
  whole?: MeaningRecord[];
}

const zones = new Map<string, ZoneState>();
const zoneOf = (zone: string): ZoneState => {
  let z = zones.get(zone);
  if (!z) {
    z = { added: new Map(), removed: new Set() };
    zones.set(zone, z);
  }
  return z;
};

/** A DnsRecord's record (and, when it changes an existing one, the record it had). */
export function declareRecord(zone: string, record: MeaningRecord, previous?: MeaningRecord): void {
  const z = zoneOf(zone);
  if (previous && recordId(previous) !== recordId(record)) {
    z.removed.add(recordId(previous));
    z.added.delete(recordId(previous));
  }
  z.added.set(recordId(record), record);
}

/** A DnsZone's zone as its plan leaves it (declared records and the live ones it keeps). */
export function declareZone(zone: string, records: readonly MeaningRecord[]): void {
  zoneOf(zone).whole = [...records];
}

/** The zones this process has seen records of. */
export function declaredZones(): string[] {
  return [...zones.keys()];
}

/**
 * The zone after the run as far as known: a DnsZone's final zone, else the live records (undefined:
 * not read), without the records the program replaces, with the ones it adds.
 */
export function zoneAfter(zone: string, live: readonly MeaningRecord[] | undefined): MeaningRecord[] {
  const z = zones.get(zone);
  const base = z?.whole ?? live ?? [];
  const out = new Map<string, MeaningRecord>();
  for (const r of base) if (!z?.removed.has(recordId(r))) out.set(recordId(r), r);
  for (const [k, r] of z?.added ?? []) out.set(k, r);
  return [...out.values()];
}

/** Whether the program's own records of this zone are the whole zone (a DnsZone declares it). */
export const zoneDeclaredWhole = (zone: string) => zones.get(zone)?.whole !== undefined;

// ---------- mail aliases and redirects ----------

const aliases = new Map<string, string[]>();
const mailboxes = new Set<string>();
const redirects = new Map<string, string>();

/** A MailAlias: its address (mailKey) and targets. */
export function declareAlias(address: string, targets: readonly string[]): void {
  aliases.set(address, [...targets]);
}
export const declaredAlias = (address: string) => aliases.get(address);

/** A MailBox's address (mailKey): an address that receives, not an alias. */
export function declareMailbox(address: string): void {
  mailboxes.add(address);
}
export const isDeclaredMailbox = (address: string) => mailboxes.has(address);

/** A Redirect: its origin host and the host its destination names (ASCII, lower case). */
export function declareRedirect(origin: string, destinationHost: string | undefined): void {
  if (destinationHost === undefined) redirects.delete(origin);
  else redirects.set(origin, destinationHost);
}
export const declaredRedirect = (origin: string) => redirects.get(origin);

// ---------- domains, glue records, certificates ----------

const domains = new Set<string>();
const glue = new Set<string>();

/** A Domain of the program (ASCII name): created or adopted by this run. */
export function declareDomain(ascii: string): void {
  domains.add(ascii);
}
export const isDeclaredDomain = (ascii: string) => domains.has(ascii);

/** A GlueRecord of the program (its host, ASCII). */
export function declareGlue(host: string): void {
  glue.add(host);
}
export const isDeclaredGlue = (host: string) => glue.has(host);

/** Tests: forget what was declared (each test's program starts afresh). */
export function resetProgramForTests(): void {
  zones.clear();
  aliases.clear();
  mailboxes.clear();
  redirects.clear();
  domains.clear();
  glue.clear();
}
