/** domain/update (its wrappers are routed to it by the dispatcher), glue records and DNSSEC entries: changes to a domain. */
import type { ParsedParamsOf } from "../../../sdk/catalogue";
import { asciiOrSelf, inDomainNameservers, isModifiable, NAMESERVER_WORDS, normaliseNameservers } from "../../../sdk/rules";
import type { HandlerContext } from "../../core/context";
import { fault } from "../../core/errors";
import { findTld } from "../../data/tlds";
import { resolveGiven } from "./contacts";
import { DEFAULT_NS, type DomainRecord, domSum, findDomain, logChange } from "./model";
import { dnssecView, glueView } from "./views";
import { ErrorCode } from "../../../sdk/core/error-codes";

/** 2202 under modifyBlock (except for lifting it), 2201 outside the modifiable statuses (sdk/rules MODIFIABLE_STATUSES). */
export function checkModifiable(d: DomainRecord, what: string, liftingBlock = false): void {
  if (d.modifyBlock && !liftingBlock) {
    throw fault(
      ErrorCode.DOMAIN_UPDATE_BLOCKED,
      `${d.name} is locked against changes (modifyBlock): unlock it with domain/update updateType=block block=false before changing ${what}`,
    );
  }
  if (!isModifiable(d.status))
    throw fault(
      ErrorCode.DOMAIN_UPDATE_NOT_ALLOWED,
      `${what} of ${d.name} cannot change in status ${d.status} (only when active, renewed or expired-renewgrace)`,
    );
}

type Flag = "transferBlock" | "whoisPrivacy" | "viewWhois";
function setFlag(ctx: HandlerContext, d: DomainRecord, flag: Flag, value: boolean): void {
  if (!findTld(d.punycode)?.supports[flag]) throw fault(ErrorCode.DOMAIN_UPDATE_NOT_ALLOWED, `.${d.tld} domains do not support ${flag}`);
  d[flag] = value;
  logChange(ctx, d, `${flag} update`, `${flag} set to ${value}`);
}

export function update(ctx: HandlerContext, p: ParsedParamsOf<"domain/update">) {
  const d = findDomain(ctx.account, p);
  checkModifiable(d, p.updateType, p.updateType === "block");
  switch (p.updateType) {
    case "contact": {
      const given = resolveGiven(ctx, p);
      const changes = Object.entries(given).filter(([role, id]) => d.contacts[role as keyof DomainRecord["contacts"]] !== id);
      for (const [role, id] of changes) d.contacts[role as keyof DomainRecord["contacts"]] = id as string;
      logChange(ctx, d, "Contacts update", changes.length ? changes.map(([r, id]) => `${r}: ${id}`).join(", ") : "No contact changed");
      break;
    }
    case "nameservers": {
      const ns = normaliseNameservers(p.nameservers ?? [], NAMESERVER_WORDS.update);
      const isDefault = ns.length === 1 && ns[0] === "default";
      // A nameserver under the domain itself needs its glue record at the registry (RFC 5732 3.2.1).
      const missing = isDefault ? undefined : inDomainNameservers(d.punycode, ns).find((h) => !d.gluerecords.some((g) => asciiOrSelf(g.name) === h));
      if (missing)
        throw fault(
          ErrorCode.DOMAIN_UPDATE_ERROR,
          `${missing} is under ${d.name} and has no glue record: add it with domain/gluerecordcreate before naming it as a nameserver`,
        );
      d.defaultNS = isDefault;
      d.nameservers = isDefault ? [...DEFAULT_NS] : ns;
      logChange(ctx, d, "Nameservers update", `Nameservers: ${d.nameservers.join(", ")}`);
      break;
    }
    case "block":
      d.modifyBlock = p.block ?? false; // spec: default false (the PHP SDK sends false as an empty field)
      logChange(ctx, d, "Modification lock update", `modifyBlock set to ${d.modifyBlock}`);
      break;
    case "transferBlock":
    case "whoisPrivacy":
    case "viewWhois":
      setFlag(ctx, d, p.updateType, p[p.updateType] ?? false);
      break;
    case "renewalMode":
      d.renewalMode = p.renewalMode ?? d.renewalMode;
      logChange(ctx, d, "Renewal mode update", `renewalMode set to ${d.renewalMode}`);
      break;
    case "tag":
      d.tag = (p.tag ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
        .join(",");
      logChange(ctx, d, "Tag update", `tag set to "${d.tag}"`);
      break;
  }
  ctx.messages.push(`Domain ${d.name} updated (${p.updateType}).`);
  return domSum(d);
}

function glueFor(ctx: HandlerContext, p: { domain?: string; domainID?: number; name: string }, what: string) {
  const d = findDomain(ctx.account, p);
  checkModifiable(d, "glue records");
  if (!p.name.endsWith(`.${d.punycode}`)) {
    throw fault(
      ErrorCode.INVALID_PARAMETER,
      `Invalid parameter: name: ${p.name} is not under ${d.punycode}; ${what} takes a server name of the domain itself (e.g. ns1.${d.punycode})`,
    );
  }
  return { d, existing: d.gluerecords.find((g) => g.name === p.name) };
}

export function gluerecordcreate(ctx: HandlerContext, p: ParsedParamsOf<"domain/gluerecordcreate">) {
  const { d, existing } = glueFor(ctx, p, "gluerecordcreate");
  if (existing) throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `Glue record ${p.name} already exists: change it with domain/gluerecordupdate`);
  d.gluerecords.push({ name: p.name, ipv4: p.ipv4, ...(p.ipv6 ? { ipv6: p.ipv6 } : {}) });
  logChange(ctx, d, "Glue record created", `${p.name} ${p.ipv4}${p.ipv6 ? ` ${p.ipv6}` : ""}`);
  ctx.messages.push(`Glue record ${p.name} created.`);
  return { ...domSum(d), ...glueView(d) };
}

export function gluerecordupdate(ctx: HandlerContext, p: ParsedParamsOf<"domain/gluerecordupdate">) {
  const { d, existing } = glueFor(ctx, p, "gluerecordupdate");
  if (!existing) throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `No glue record ${p.name} on ${d.name}: create it with domain/gluerecordcreate`);
  // The update sets both addresses: an ipv6 not sent is removed.
  existing.ipv4 = p.ipv4;
  if (p.ipv6) existing.ipv6 = p.ipv6;
  else delete existing.ipv6;
  logChange(ctx, d, "Glue record updated", `${p.name} ${p.ipv4}${p.ipv6 ? ` ${p.ipv6}` : ""}`);
  ctx.messages.push(`Glue record ${p.name} updated.`);
  return { ...domSum(d), ...glueView(d) };
}

export function gluerecorddelete(ctx: HandlerContext, p: ParsedParamsOf<"domain/gluerecorddelete">) {
  const { d, existing } = glueFor(ctx, p, "gluerecorddelete");
  if (!existing) throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `No glue record ${p.name} on ${d.name}`);
  // Registries refuse to delete a host object that is in use as a nameserver.
  if (d.nameservers.includes(p.name))
    throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `Glue record ${p.name} is a nameserver of ${d.name}: change the nameservers first`);
  d.gluerecords = d.gluerecords.filter((g) => g !== existing);
  logChange(ctx, d, "Glue record deleted", p.name);
  ctx.messages.push(`Glue record ${p.name} deleted.`);
  return { ...domSum(d), ...glueView(d) };
}

type DsParams = { keytag: number; algorithm: number; digesttype: number; digest: string };
const sameDs = (a: DsParams, b: DsParams) => a.keytag === b.keytag && a.algorithm === b.algorithm && a.digesttype === b.digesttype && a.digest === b.digest;
const dsText = (e: DsParams) => `${e.keytag} ${e.algorithm} ${e.digesttype} ${e.digest}`;

export function dnsseccreate(ctx: HandlerContext, p: ParsedParamsOf<"domain/dnsseccreate">) {
  const d = findDomain(ctx.account, p);
  checkModifiable(d, "DNSSEC entries");
  const entry = { keytag: p.keytag, algorithm: p.algorithm, digesttype: p.digesttype, digest: p.digest.toUpperCase() };
  if (d.dnssec.some((e) => sameDs(e, entry))) throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `DNSSEC entry keytag ${p.keytag} already exists on ${d.name}`);
  d.dnssec.push(entry);
  logChange(ctx, d, "DNSSEC entry created", dsText(entry));
  ctx.messages.push(`DNSSEC entry ${p.keytag} added to ${d.name}.`);
  return { ...domSum(d), ...dnssecView(d) };
}

export function dnssecdelete(ctx: HandlerContext, p: ParsedParamsOf<"domain/dnssecdelete">) {
  const d = findDomain(ctx.account, p);
  checkModifiable(d, "DNSSEC entries");
  const entry = { keytag: p.keytag, algorithm: p.algorithm, digesttype: p.digesttype, digest: p.digest.toUpperCase() };
  const before = d.dnssec.length;
  d.dnssec = d.dnssec.filter((e) => !sameDs(e, entry));
  if (d.dnssec.length === before) throw fault(ErrorCode.DOMAIN_UPDATE_ERROR, `No DNSSEC entry ${dsText(entry)} on ${d.name}: getdnssec lists the entries`);
  logChange(ctx, d, "DNSSEC entry deleted", dsText(entry));
  ctx.messages.push(`DNSSEC entry ${p.keytag} removed from ${d.name}.`);
  return { ...domSum(d), ...dnssecView(d) };
}
