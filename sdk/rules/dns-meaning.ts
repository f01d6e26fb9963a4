/**
 * What DNS records mean beyond their syntax: rules of one record (SRV owner names, a CNAME to
 * itself, the TXT records mail servers read, targets the public DNS never answers) and rules of a
 * record among the others of its zone (what a name may point to, what sits below a delegation, what
 * may coexist at one name, what makes a resolver loop). Each finding is an error (the result cannot
 * work, or the API refuses it) or a warning (it works, but not as the RFCs say it should), the way
 * BIND's named-checkzone sorts them (check-integrity, check-mx-cname and check-srv-cname warn; an NS
 * to a CNAME is "illegal").
 *
 * Records here: full ASCII names without the final dot, types upper case, values as the rule
 * library normalises them (dns-values.ts; TXT as stored, its text read with txtText).
 */
import { txtText } from "./dns-values";
import { dkimFindings, dmarcFindings, isDkimKeyRecord, isDmarcRecord, isSpfRecord, spfFindings } from "./mail-auth";
import { unresolvableHostProblem } from "./special-use";

export interface MeaningRecord {
  name: string;
  type: string;
  value: string;
}

export interface MeaningFinding {
  field: "name" | "type" | "value";
  rule: string;
  severity: "error" | "warning";
}

const error = (field: MeaningFinding["field"], rule: string): MeaningFinding => ({ field, rule, severity: "error" });
const warning = (field: MeaningFinding["field"], rule: string): MeaningFinding => ({ field, rule, severity: "warning" });

/** The host a record points to (CNAME, MX, NS: the value; SRV: its target), or undefined. */
export function targetOf(r: MeaningRecord): string | undefined {
  if (r.type === "CNAME" || r.type === "MX" || r.type === "NS") return r.value;
  if (r.type === "SRV") return r.value.split(" ")[2];
  return undefined;
}

const relative = (zone: string, name: string) => (name === zone ? "@" : name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name);
const under = (name: string, parent: string) => name === parent || name.endsWith(`.${parent}`);

/** RFC 6335 5.1: a service name is 1 to 15 letters, digits and hyphens, with a letter, no hyphen at either end or twice in a row. */
function serviceNameProblem(label: string): string | undefined {
  const s = label.slice(1);
  if (!/^[a-z0-9-]{1,15}$/.test(s) || !/[a-z]/.test(s) || /^-|-$|--/.test(s))
    return `"${label}" is not a service name: "_" then 1 to 15 letters, digits and hyphens with at least one letter (RFC 6335 5.1)`;
  return undefined;
}

/**
 * The findings of one record alone, in `zone`: an SRV's owner is _service._proto.name (RFC 2782;
 * clients never ask for any other name), a CNAME to itself loops, a target under a special-use
 * name never resolves (special-use.ts), an SPF, DMARC or DKIM record must parse.
 */
export function recordMeaning(zone: string, r: MeaningRecord): MeaningFinding[] {
  const out: MeaningFinding[] = [];
  if (r.type === "SRV") {
    const labels = relative(zone, r.name).split(".");
    if (labels.length < 2 || !labels[0].startsWith("_") || !labels[1].startsWith("_") || labels[0] === "*")
      out.push(
        error(
          "name",
          `an SRV record's name is _service._proto[.name], such as _sip._tcp or _imaps._tcp.mail (RFC 2782): clients ask for no other, so ${relative(zone, r.name)} would never be found`,
        ),
      );
    else {
      const p =
        serviceNameProblem(labels[0]) ??
        (/^_[a-z0-9-]+$/.test(labels[1]) ? undefined : `"${labels[1]}" is not a protocol label such as _tcp or _udp (RFC 2782)`);
      if (p) out.push(error("name", p));
    }
  }
  if (r.type === "CNAME" && r.value === r.name) out.push(error("value", `a CNAME from ${r.name} to itself loops: resolvers answer SERVFAIL (RFC 1034 3.6.2)`));
  const target = targetOf(r);
  if (target && target !== ".") {
    const p = unresolvableHostProblem(target);
    if (p) out.push(error("value", `${p}: the ${r.type} record cannot work for anyone outside`));
  }
  if (r.type === "NS" && r.name.startsWith("*."))
    out.push(warning("name", "NS records at a wildcard name delegate nothing: wildcards never make a referral (RFC 4592 4.2); name the subzone instead"));
  if (r.type === "TXT") {
    const text = txtText(r.value);
    const rel = relative(zone, r.name);
    const found = isSpfRecord(text)
      ? spfFindings(text)
      : isDmarcRecord(text) && rel.split(".")[0] === "_dmarc"
        ? dmarcFindings(text)
        : isDkimKeyRecord(rel, text)
          ? dkimFindings(text)
          : undefined;
    for (const e of found?.errors ?? []) out.push(error("value", e));
    for (const w of found?.warnings ?? []) out.push(warning("value", w));
  }
  return out;
}

/** The delegations of a zone: the names below the apex that hold NS records, with their targets. */
function delegations(zone: string, records: readonly MeaningRecord[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of records) if (r.type === "NS" && r.name !== zone) out.set(r.name, (out.get(r.name) ?? new Set()).add(r.value));
  return out;
}

/** Is `r` in or below the delegation `cut` without being the delegation itself or its glue? */
function occluded(r: MeaningRecord, cut: string, targets: ReadonlySet<string>): boolean {
  if (!under(r.name, cut)) return false;
  if (r.name === cut && r.type === "NS") return false;
  // Glue: the address of a nameserver the delegation names, inside it (RFC 1034 4.2.1).
  return !((r.type === "A" || r.type === "AAAA") && targets.has(r.name));
}

export interface ZoneView {
  /** The zone (ASCII) of the record judged. */
  zone: string;
  /** The records the zone will hold after this run, as far as known: the live zone with the program's changes. */
  records: readonly MeaningRecord[];
  /** The CNAME at a name in any zone known (the program's and the account's), for loops across zones. */
  cnameAt(name: string): string | undefined;
  /** Where the records were seen, for messages ("the live zone and this program"). */
  where: string;
  /**
   * The records are the whole zone after the run (a DnsZone's plan): only then can a name be known
   * empty. A DnsRecord's view is not: the engine checks the program's records in an order of its own
   * (measured: a record declared after another was checked first), so one declared later is not seen.
   */
  whole?: boolean;
}

/**
 * The findings of `focus` among the records of its zone (view.records, which hold it): loops of
 * CNAMEs, what the targets are, records below a delegation, two SPF records at one name, targets in
 * the zone with nothing there. Each direction is judged from both ends (a CNAME that an MX points
 * to is reported whichever is judged last), so the order resources are checked in does not matter
 * for what is found; the rules that need a name to be empty run on a whole zone only (view.whole).
 */
export function zoneMeaning(focus: MeaningRecord, view: ZoneView): MeaningFinding[] {
  const out: MeaningFinding[] = [];
  const { zone, records, where } = view;
  const at = (name: string) => records.filter((r) => r.name === name);
  const rel = (name: string) => relative(zone, name);

  // CNAME loops (RFC 1034 3.6.2; resolvers give up with SERVFAIL), across every zone known.
  if (focus.type === "CNAME" && focus.value !== focus.name) {
    const seen = [focus.name];
    let next: string | undefined = focus.value;
    while (next !== undefined && seen.length <= 16) {
      if (next === focus.name) {
        out.push(error("value", `CNAMEs loop: ${[...seen, next].join(" -> ")} (${where}); resolvers answer SERVFAIL (RFC 1034 3.6.2)`));
        break;
      }
      if (seen.includes(next)) break;
      seen.push(next);
      next = view.cnameAt(next);
    }
  }

  // What a name may point to (RFC 2181 10.3): never an alias. NS to a CNAME: an error (BIND:
  // "illegal"); MX and SRV to a CNAME: warnings (RFC 5321 5.1, RFC 2782: most servers cope).
  const target = targetOf(focus);
  if (target && focus.type !== "CNAME") {
    const alias = view.cnameAt(target);
    if (alias !== undefined) {
      const rule = `${target} is a CNAME (to ${alias}, ${where}); the target of an ${focus.type} record must be the server's own name, never an alias (RFC 2181 10.3${focus.type === "MX" ? ", RFC 5321 5.1" : focus.type === "SRV" ? ", RFC 2782" : ""})`;
      out.push(focus.type === "NS" ? error("value", rule) : warning("value", rule));
    }
  }
  if (focus.type === "CNAME") {
    for (const r of records) {
      if (r === focus || targetOf(r) !== focus.name || r.type === "CNAME") continue;
      const rule = `${r.type} ${r.name} points to ${focus.name}, which this CNAME makes an alias (${where}); an ${r.type} target must be the server's own name (RFC 2181 10.3)`;
      out.push(r.type === "NS" ? error("type", rule) : warning("type", rule));
    }
  }

  // Below a delegation (RFC 1034 4.2.1): the parent serves only the NS records and their glue
  // there; resolvers follow the referral and never see the rest.
  const cuts = delegations(zone, records);
  for (const [cut, targets] of cuts) {
    if (occluded(focus, cut, targets))
      out.push(
        error(
          "name",
          `${rel(focus.name)} is ${focus.name === cut ? "at" : "below"} ${rel(cut)}, which NS records delegate to ${[...targets].join(", ")} (${where}): the zone's own servers refer resolvers there, so this ${focus.type} record is never answered (RFC 1034 4.2.1); put it in the delegated zone`,
        ),
      );
    if (focus.type === "NS" && focus.name === cut) {
      const hidden = records.find((r) => occluded(r, cut, targets));
      if (hidden)
        out.push(
          error(
            "name",
            `delegating ${rel(cut)} hides ${hidden.type} ${rel(hidden.name)} (${where}): below a delegation the zone's servers answer only the NS records and their glue (RFC 1034 4.2.1)`,
          ),
        );
    }
  }

  // Two SPF records at one name: SPF evaluates to permerror (RFC 7208 3.2, 4.5). A warning: mail
  // still flows, but no receiver applies either record.
  if (focus.type === "TXT" && isSpfRecord(txtText(focus.value))) {
    const other = at(focus.name).find((r) => r !== focus && r.type === "TXT" && isSpfRecord(txtText(r.value)) && txtText(r.value) !== txtText(focus.value));
    if (other)
      out.push(
        warning(
          "value",
          `${rel(focus.name)} would hold two SPF records (the other: "${txtText(other.value).slice(0, 60)}", ${where}); a name holds one, receivers answer permerror to both (RFC 7208 3.2, 4.5): merge them`,
        ),
      );
  }

  // Targets inside the zone with nothing there (BIND check-integrity): a CNAME to an empty name
  // answers NXDOMAIN; an MX, NS or SRV target needs an address record.
  if (view.whole && target && target !== "." && under(target, zone) && view.cnameAt(target) === undefined) {
    const here = at(target);
    const wildcard = records.some((r) => r.name.startsWith("*.") && target.endsWith(r.name.slice(1)));
    if (!wildcard) {
      if (focus.type === "CNAME" && here.length === 0)
        out.push(
          warning(
            "value",
            `nothing is at ${target} (${where}): the CNAME leads to a name that does not exist (NXDOMAIN); declare that record first or point elsewhere`,
          ),
        );
      if (focus.type !== "CNAME" && !here.some((r) => r.type === "A" || r.type === "AAAA"))
        out.push(
          warning(
            "value",
            `${target} has no A or AAAA record (${where}): the ${focus.type} record names a server nobody can reach (RFC 1035 3.3.9, RFC 2181 10.3); declare its address first`,
          ),
        );
    }
  }
  return out;
}
