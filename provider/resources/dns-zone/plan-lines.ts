// replaced by dns-plan.ts at merge: provider/core/dns-plan.ts (another branch) prints the
// DNSControl-style plan lines; this minimal stand-in has its interface, and the lead drops this
// file and imports reportDnsPlan from "../../core/dns-plan" instead.
import type { NormalRecord } from "../../../sdk/rules";
import { info } from "../../core/log";

export type DnsChange =
  | { op: "create"; record: NormalRecord }
  | { op: "delete"; record: NormalRecord }
  | { op: "modify"; from: NormalRecord; to: NormalRecord };

const printed = new Set<string>();
const show = (r: NormalRecord) =>
  `${r.type} ${r.name} ${JSON.stringify(r.value)}${r.ttl !== undefined ? ` ttl=${r.ttl}` : ""}${r.priority !== undefined ? ` priority=${r.priority}` : ""}`;

export function reportDnsPlan(resourceKey: string, changes: readonly DnsChange[]): void {
  const lines = changes.map((c) =>
    c.op === "create" ? `+ CREATE ${show(c.record)}` : c.op === "delete" ? `- DELETE ${show(c.record)}` : `± MODIFY ${show(c.from)} -> ${show(c.to)}`,
  );
  const key = `${resourceKey}\u0000${lines.join("\n")}`;
  if (!lines.length || printed.has(key)) return;
  printed.add(key);
  info(`${resourceKey}:\n${lines.join("\n")}`);
}
