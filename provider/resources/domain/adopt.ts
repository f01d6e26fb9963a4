/**
 * Domain in an exported program (core/descriptor.ts `adopt`): `registration: "adopt"` spends
 * nothing, and the settings are the ones the API answered, so the first `up` writes none.
 */
import { type Adoption, type ExportPlace, text } from "../../core/adoption";
import { RENEWAL_MODES } from "./schema";
import type { DomainSnapshot } from "./discover";

export function adoptDomain(d: DomainSnapshot): Adoption {
  const notes: string[] = [];
  const args: Record<string, unknown> = { name: d.name, registration: "adopt" };
  // An adopted domain still being registered or transferred: do not wait for it to become active.
  if (d.status !== "active") args.waitFor = "submitted";
  if (d.nameservers !== undefined) args.nameservers = d.nameservers;
  for (const k of ["transferBlock", "modifyBlock", "whoisPrivacy", "viewWhois"] as const) if (d[k] !== undefined) args[k] = d[k];
  if (d.renewalMode !== undefined) {
    if ((RENEWAL_MODES as readonly string[]).includes(d.renewalMode)) args.renewalMode = d.renewalMode;
    else notes.push(`renewal mode "${d.renewalMode}" is none Domain takes: left unmanaged`);
  }
  if (d.tags.length) args.tags = d.tags;
  return {
    name: { parts: [d.name], identity: d.ascii },
    args,
    comment: notes.join("; ") || undefined,
    lines: d.status !== "active" ? [text`${d.name}: status ${d.status}${d.tsExpir ? `, expiry ${d.tsExpir}` : ""}`] : undefined,
    skipped: d.dnssecNote ? [{ what: `DNSSEC of ${d.name}`, why: d.dnssecNote.replace(/^DNSSEC entries not read: /, "not read: ") }] : undefined,
  };
}

export const domainExportPlace: ExportPlace = {
  heading: { id: "domains", lines: () => ["", text`---- Domains (registration: adopt spends nothing; settings as the API answered them) ----`] },
};
