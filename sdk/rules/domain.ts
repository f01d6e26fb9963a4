/**
 * Rules of a domain: its nameservers (spec "Limits": 2 to 7; facts.md: the special words), the
 * statuses in which it accepts changes (spec "States and transitions"), its tags.
 */
import { z } from "zod";
import { hostNameProblem, isHostName, isIpLiteral } from "./host";
import { asciiOrSelf } from "./idn";
import { unresolvableHostProblem } from "./special-use";

export const NAMESERVERS_MIN = 2;
export const NAMESERVERS_MAX = 7;

/**
 * Words that stand for a whole nameserver list (facts.md): parking on create and transfer, keepns
 * on transfer (keep the current servers), default on update (the service's own servers).
 */
export const NAMESERVER_WORDS = { create: ["parking"], transfer: ["parking", "keepns"], update: ["default"] } as const;

/** One nameserver as stored and compared: lower case, no trailing dot, IDN labels in punycode. */
export function normaliseNameserver(name: string): string {
  return asciiOrSelf(name);
}

/** A nameserver list given as it comes: one of the special `words` (lower case), or each server normalised. */
export function normaliseNameservers(list: readonly string[], words: readonly string[] = []): string[] {
  if (list.length === 1 && words.includes(list[0].trim().toLowerCase())) return [list[0].trim().toLowerCase()];
  return list.map(normaliseNameserver);
}

/** "1 given, the API needs 2 to 7 (or "default")". */
export function nameserverCountProblem(count: number, words: readonly string[] = [], min = NAMESERVERS_MIN, max = NAMESERVERS_MAX): string | undefined {
  if (count >= min && count <= max) return undefined;
  return `${count} given, the API needs ${min} to ${max}${words.length ? ` (or ${words.map((w) => `"${w}"`).join(" or ")})` : ""}`;
}

const splitList = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Nameserver list field of the catalogue: an array or a comma-separated string of `min` to `max`
 * host names, or one of the special words the operation allows. Sent as given.
 */
export const nameservers = (words: readonly string[] = [], min = NAMESERVERS_MIN, max = NAMESERVERS_MAX) =>
  z.preprocess(
    (v) => {
      if (typeof v === "string") return splitList(v);
      if (Array.isArray(v)) return v.map((s) => (typeof s === "string" ? s.trim() : s));
      return v;
    },
    z.array(z.string()).superRefine((list, ctx) => {
      if (list.length === 1 && words.includes(list[0].toLowerCase())) return;
      const count = nameserverCountProblem(list.length, words, min, max);
      if (count) {
        ctx.addIssue({ code: "custom", message: count });
        return;
      }
      for (const ns of list) if (!isHostName(asciiOrSelf(ns), 2)) ctx.addIssue({ code: "custom", message: `"${ns}" is not a host name` });
    }),
  );

/** The nameservers that stand for the service's own (domain/updatenameservers "default"), in their normal form. */
export const DEFAULT_NAMESERVERS: readonly string[] = ["default"];

/** Whether a normalised nameserver list is the service's own servers (["default"]). */
export const isDefaultNameservers = (list: readonly string[] | undefined): boolean => list?.length === 1 && list[0] === "default";

/**
 * The provider's nameservers input: 2 to 7 different host names (never IP addresses), normalised,
 * or ["default"] (the service's own servers; also "default" alone, or a comma-separated string of
 * names). Normal form: a list, ["default"] for the service's own, so that a typed language can give
 * every value (issue 29).
 */
export const desiredNameservers = () =>
  z.union([z.array(z.string()), z.string()]).transform((v, ctx) => {
    const list = typeof v === "string" ? splitList(v) : v.map((s) => s.trim()).filter(Boolean);
    if (list.length === 1 && list[0].toLowerCase() === "default") return [...DEFAULT_NAMESERVERS];
    const count = nameserverCountProblem(list.length);
    if (count) {
      ctx.addIssue({ code: "custom", message: `${count} (or ["default"] for the service's own)` });
      return z.NEVER;
    }
    const out: string[] = [];
    for (const ns of list) {
      const bare = ns.replace(/\.$/, "");
      if (isIpLiteral(ns)) {
        ctx.addIssue({
          code: "custom",
          message: `"${ns}" is an IP address; a nameserver is given by its host name (its address goes in a GlueRecord when it is under this domain)`,
        });
        return z.NEVER;
      }
      const problem = hostNameProblem(bare, { minLabels: 2 });
      if (problem) {
        ctx.addIssue({ code: "custom", message: `"${ns}" is not a host name: ${problem}` });
        return z.NEVER;
      }
      const unresolvable = unresolvableHostProblem(bare);
      if (unresolvable) {
        ctx.addIssue({ code: "custom", message: `${unresolvable}: resolvers could never reach this nameserver` });
        return z.NEVER;
      }
      const a = normaliseNameserver(bare);
      if (out.includes(a)) {
        ctx.addIssue({
          code: "custom",
          message: `${a} is given twice; each nameserver is listed once (${NAMESERVERS_MIN} to ${NAMESERVERS_MAX} different servers)`,
        });
        return z.NEVER;
      }
      out.push(a);
    }
    return out;
  });

/**
 * The nameservers of `list` under the domain itself (ASCII): each needs a glue record, a host
 * object with its address at the registry (RFC 5731 1.1, RFC 5732), which can only be created for a
 * domain that exists (domain/gluerecordcreate).
 */
export function inDomainNameservers(domainAscii: string, list: readonly string[]): string[] {
  return list.map(normaliseNameserver).filter((ns) => ns === domainAscii || ns.endsWith(`.${domainAscii}`));
}
// ---------- TLDs ----------

/**
 * A TLD as the API's filters take it (domain/list, service/list, account/zones tld): "com", "com.es",
 * an IDN TLD in either form; a leading dot and upper case are accepted; output lower-case ASCII
 * without the dot. A name with a numeric last label is no TLD (host.ts numericTld).
 */
export const tldField = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? asciiOrSelf(v.trim().replace(/^\./, "")).toLowerCase() : v),
    z.string({ error: "must be a TLD such as com or com.es" }).refine((s) => isHostName(s, 1) && !/^\d+$/.test(s.split(".").pop() ?? ""), {
      error: "must be a TLD such as com or com.es",
    }),
  );

// ---------- statuses ----------

/** Every domain status (spec "States and transitions"): a status filter is one of these. */
export const DOMAIN_STATUSES = [
  "register-init",
  "register-pending",
  "register-cancel",
  "transfer-init",
  "transfer-pending",
  "transfer-cancel",
  "inactive",
  "active",
  "renewed",
  "expired-renewgrace",
  "expired-redemption",
  "expired-pendingdelete",
] as const;

/** A domain's renewal modes (spec "States and transitions"; services take the first two only). */
export const DOMAIN_RENEWAL_MODES = ["autorenew", "manual", "letexpire"] as const;

/**
 * Statuses in which domain/update (and glue, DNSSEC changes) are accepted: the domain is in the
 * account and working (active, renewed = renewal in process, expired-renewgrace). Registrations and
 * transfers in process, inactive, redemption and pending-delete domains answer 2201 (the spec is
 * silent: the emulator's choice, which the provider mirrors to keep settings pending).
 */
export const MODIFIABLE_STATUSES: ReadonlySet<string> = new Set(["active", "renewed", "expired-renewgrace"]);

export function isModifiable(status: string): boolean {
  return MODIFIABLE_STATUSES.has(status);
}

// ---------- tags ----------

/** Tags: trimmed, empty ones dropped, duplicates removed, sorted (the API keeps one comma list). */
export function normaliseTags(tags: readonly string[] | string | undefined): string[] {
  const list = typeof tags === "string" ? tags.split(",") : (tags ?? []);
  return [...new Set(list.map((t) => t.trim()).filter(Boolean))].sort();
}
