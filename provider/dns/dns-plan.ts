/**
 * DNSControl-style plan lines, one per record change, printed at preview (issue 12 item 2):
 *
 *   + CREATE TXT _dmarc.example.com "v=DMARC1; p=none" ttl=3600
 *   - DELETE A old.example.com 192.0.2.1 ttl=default
 *   ± MODIFY MX example.com 10 mx1.example.com. ttl=3600 -> 20 mx1.example.com. ttl=3600
 *
 * The op, the type, the full name (Unicode: IDN labels decoded, so the reviewer reads what was
 * written; never a space in it), then the record's data as a zone file shows it
 * (sdk/rules rdataPresentation: TXT quoted, MX/SRV priority first, targets with the final dot) and
 * `ttl=<seconds>` or `ttl=default`. A value not known at preview (an output of a resource the same
 * run creates) reads `(known after apply)`. The CI renderer (examples/ci-preview) parses exactly
 * these shapes: keep them.
 *
 * Lines go through info() (provider/core/log.ts), so they reach the user as `[dondominio] <line>`
 * diagnostics. The engine may ask the same question twice in one run (a replacement is checked
 * again without its old inputs; a resource depending on a delete-before-replace one is diffed once
 * more), so each line is printed at most once per process, i.e. once per plan: a preview and the
 * `up` that follows run in different provider processes, and each prints its plan.
 */
import {
  type NormalRecord,
  normalizeName,
  normalizePriority,
  normalizeTtl,
  normalizeType,
  normalizeZone,
  rdataPresentation,
  unicodeOrSelf,
  zoneUnicode,
} from "../../sdk/rules";
import { clean } from "../core/plain-data";
import { hasUnknown, UNKNOWN } from "../core/frame";
import { info } from "../core/log";

export type DnsChange =
  | { op: "create"; record: NormalRecord }
  | { op: "delete"; record: NormalRecord }
  | { op: "modify"; from: NormalRecord; to: NormalRecord };

/** What a line shows for a value the engine does not know yet (frame.ts UNKNOWN). */
export const NOT_KNOWN_YET = "(known after apply)";

const nameOf = (r: NormalRecord) => unicodeOrSelf(r.name);

function dataOf(r: NormalRecord): string {
  const data = r.value === UNKNOWN ? `${r.priority !== undefined ? `${r.priority} ` : ""}${NOT_KNOWN_YET}` : rdataPresentation(r);
  return `${data} ttl=${r.ttl ?? "default"}`;
}

/** One DNSControl-style line, without the "[dondominio] " prefix. */
export function dnsPlanLine(c: DnsChange): string {
  switch (c.op) {
    case "create":
      return `+ CREATE ${c.record.type} ${nameOf(c.record)} ${dataOf(c.record)}`;
    case "delete":
      return `- DELETE ${c.record.type} ${nameOf(c.record)} ${dataOf(c.record)}`;
    case "modify":
      return `± MODIFY ${c.to.type} ${nameOf(c.to)} ${dataOf(c.from)} -> ${dataOf(c.to)}`;
  }
}

/**
 * The record a resource's checked inputs stand for, as a plan shows it: the inputs themselves once
 * check normalised them; with only the value unknown at preview (check leaves such inputs as
 * given), the other fields normalised here and the value UNKNOWN; undefined when the name, type,
 * zone, ttl or priority is unknown (no line can say which record it is: the apply's check prints it).
 */
export function plannedRecord(inputs: Record<string, unknown>): NormalRecord | undefined {
  const { serviceName, name, type, value, ttl, priority } = inputs as Record<keyof NormalRecord, any>;
  if ([serviceName, name, type, ttl, priority].some(hasUnknown) || value === undefined) return undefined;
  if (!hasUnknown(value)) return clean({ serviceName, name, type, value, ttl, priority }) as NormalRecord;
  try {
    const zone = normalizeZone(serviceName);
    const t = normalizeType(type);
    return clean({
      serviceName: zoneUnicode(zone),
      name: normalizeName(zone, name),
      type: t,
      value: UNKNOWN,
      ttl: normalizeTtl(ttl),
      priority: normalizePriority(t, priority),
    });
  } catch {
    // Refused by the rules: check reports it, no line.
    return undefined;
  }
}

/** `resourceKey\nline` of every line printed by this process. */
const printed = new Set<string>();

/** Prints each change's line through info() (provider/core/log.ts), each line at most once per plan/process. */
export function reportDnsPlan(resourceKey: string, changes: readonly DnsChange[]): void {
  for (const c of changes) {
    const line = dnsPlanLine(c);
    const key = `${resourceKey}\n${line}`;
    if (printed.has(key)) continue;
    printed.add(key);
    info(line);
  }
}

/** Tests: forget what was printed. */
export function resetDnsPlanForTests(): void {
  printed.clear();
}
